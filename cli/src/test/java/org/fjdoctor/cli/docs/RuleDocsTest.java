package org.fjdoctor.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.pipeline.Refactorings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleDocsTest {

    /** The checked-in pages; tests run in the cli module's directory. */
    private static final Path CHECKED_IN = Path.of("..", "docs", "rules");

    /** The refactorings the fjdoctor jar ships: the test fixes registered for the CLI tests are not among them. */
    private static List<Refactoring> shipped() {
        return Refactorings.all().stream()
                .filter(r -> !r.getClass().getPackageName().equals("org.fjdoctor.cli.testfixes")).toList();
    }

    @Test
    void checkedInPagesAreUpToDate() throws IOException {
        Map<String, String> pages = RuleDocs.pages(Rules.all(), shipped());
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Path file = CHECKED_IN.resolve(page.getKey());
            if (!Files.exists(file)) {
                problems.add(page.getKey() + " is missing");
            } else if (!Files.readString(file).equals(page.getValue())) {
                problems.add(page.getKey() + " differs");
            }
        }
        try (Stream<Path> files = Files.list(CHECKED_IN)) {
            files.map(f -> f.getFileName().toString()).filter(name -> !pages.containsKey(name))
                    .forEach(name -> problems.add(name + " belongs to no rule"));
        }
        assertEquals(List.of(), problems, () -> "docs/rules is out of date; regenerate it with '"
                + RuleDocs.REGENERATE + "' at the repository root and commit the result");
    }

    @Test
    void everyPageSaysWhatWhyFixesAndHowToSuppress() {
        Map<String, String> pages = RuleDocs.pages(Rules.all(), shipped());
        for (Rule rule : Rules.all()) {
            RuleInfo info = rule.info();
            String page = pages.get(info.id() + ".md");
            for (String expected : List.of("# " + info.code() + " `" + info.id() + "`", "## What it finds",
                    "## Why it costs time and energy", "## Fixes", "## Suppressing",
                    "@SuppressWarnings(\"fjdoctor:" + info.id() + "\")", "// fjdoctor:ignore " + info.id())) {
                assertTrue(page.contains(expected), info.id() + ": no " + expected + " in\n" + page);
            }
            for (String figure : info.figures()) {
                assertTrue(page.contains("- " + figure.replace("<", "&lt;")), info.id() + ": " + figure);
            }
            shipped().stream().filter(r -> r.ruleId().equals(info.id())).forEach(r -> {
                assertTrue(page.contains("### " + r.getClass().getSimpleName()), info.id() + ": " + r);
                assertTrue(!r.summary().isEmpty() && !r.safeWhen().isEmpty(), r + " has no summary or safeWhen");
            });
            assertTrue(pages.get(RuleDocs.INDEX).contains("(" + info.id() + ".md)"), info.id());
        }
    }

    /** The core taxonomy's rules carry the catalog's figures, their source and an example with its fix. */
    @Test
    void theSixCoreRulesCiteTheirFigures() {
        List<String> codes = List.of("FJ1", "FJ2", "FJ3", "FJ4", "FJ5", "FJ6");
        for (Rule rule : Rules.select(codes)) {
            RuleInfo info = rule.info();
            assertTrue(info.figures().length >= 2, info.id());
            assertTrue(!info.source().isEmpty() && !info.example().isEmpty() && !info.fixedExample().isEmpty(), info.id());
        }
    }

    @Test
    void docsCommandWritesEveryPage(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("rules");
        Cli.Result result = Cli.run("docs", "-o", out.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        Map<String, String> expected = RuleDocs.pages(Rules.all(), Refactorings.all());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(new TreeSet<>(expected.keySet()),
                    new TreeSet<>(files.map(f -> f.getFileName().toString()).toList()));
        }
        for (Map.Entry<String, String> page : expected.entrySet()) {
            assertEquals(page.getValue(), Files.readString(out.resolve(page.getKey())), page.getKey());
        }
    }
}
