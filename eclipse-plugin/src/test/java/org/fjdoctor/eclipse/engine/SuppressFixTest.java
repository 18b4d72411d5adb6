package org.fjdoctor.eclipse.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.Document;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suppression quick fix, applied to a document and written back, leaves text that re-analyzed has
 * no finding of that rule in that member, and every other finding exactly as before.
 */
class SuppressFixTest {

    @TempDir
    Path temp;

    /** The first positive program of each rule. */
    @TestFactory
    Stream<DynamicTest> suppressingTheFirstFindingOfEachRule() throws IOException {
        try (Stream<Path> rules = Files.list(Corpus.ROOT)) {
            return rules.filter(Files::isDirectory).sorted().toList().stream().map(rule -> {
                Path program = firstProgram(rule.resolve("positive"));
                return DynamicTest.dynamicTest(Corpus.ROOT.relativize(program).toString(), () -> {
                    Path copy = temp.resolve(Corpus.ROOT.relativize(program).toString().replace('/', '_'));
                    copyTree(program, copy);
                    suppressFirstFinding(copy);
                });
            }).toList().stream();
        }
    }

    @Test
    void anExistingSuppressWarningsGetsTheValueAdded() throws Exception {
        Path original = Corpus.ROOT.resolve("copyonfork/positive/arraysum/ArraySum.java");
        String text = Corpus.read(original);
        String single = text.replace("        @Override\n        protected Long compute()",
                "        @SuppressWarnings(\"unchecked\")\n        @Override\n        protected Long compute()");
        String array = text.replace("        @Override\n        protected Long compute()",
                "        @Override @SuppressWarnings({ \"rawtypes\" })\n        protected Long compute()");
        assertFalse(single.equals(text) || array.equals(text), "the fixture changed shape");

        String singleFixed = suppressFirstFinding(write("single", single));
        assertTrue(singleFixed.contains("@SuppressWarnings({\"unchecked\", \"fjdoctor:copy-on-fork\"})\n        @Override"),
                singleFixed);
        String arrayFixed = suppressFirstFinding(write("array", array));
        assertTrue(arrayFixed.contains("@Override @SuppressWarnings({ \"rawtypes\" , \"fjdoctor:copy-on-fork\"})"),
                arrayFixed);
    }

    @Test
    void aNewAnnotationGoesOnItsOwnLineInTheMembersIndentation() throws Exception {
        Path original = Corpus.ROOT.resolve("copyonfork/positive/arraysum/ArraySum.java");
        String fixed = suppressFirstFinding(write("plain", Corpus.read(original)));
        assertEquals(Corpus.read(original).replace("        @Override\n        protected Long compute()",
                "        @SuppressWarnings(\"fjdoctor:copy-on-fork\")\n        @Override\n        protected Long compute()"), fixed);
    }

    private Path write(String name, String text) throws IOException {
        Path file = temp.resolve(name).resolve("ArraySum.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file.getParent();
    }

    /** Suppresses the first finding under {@code root}, checks the re-analysis, returns the new text. */
    private static String suppressFirstFinding(Path root) throws IOException, BadLocationException {
        List<Finding> before = analyze(root);
        assertFalse(before.isEmpty(), "no finding in " + root);
        Finding first = before.get(0);
        EngineScan.MarkerSpec marker = EngineScan.run(List.of(root), null, Settings.defaults(), Config.none()).markers().stream()
                .filter(m -> first.fingerprint().equals(m.attributes().get(MarkerAttributes.FINGERPRINT)))
                .findFirst().orElseThrow();
        List<QuickFix> fixes = MarkerAttributes.fixes(marker.attributes());
        QuickFix suppress = fixes.get(fixes.size() - 1);
        assertEquals("Suppress with @SuppressWarnings(\"fjdoctor:" + first.ruleId() + "\")", suppress.label());

        Path file = suppress.textHashes().keySet().iterator().next();
        Document document = new Document(Files.readString(file, StandardCharsets.UTF_8));
        DocumentEdits.apply(document, suppress, file);
        Files.writeString(file, document.get(), StandardCharsets.UTF_8);
        assertFalse(SpoonModelBuilder.hasSyntaxError(SourceFile.of(file, file.toString(), file.getFileName().toString(),
                document.get(), StandardCharsets.UTF_8, false), 17), document.get());

        List<Finding> after = analyze(root);
        assertTrue(after.stream().noneMatch(f -> f.ruleId().equals(first.ruleId()) && f.member().equals(first.member())),
                "still reported: " + after);
        Set<String> expected = before.stream()
                .filter(f -> !(f.ruleId().equals(first.ruleId()) && f.member().equals(first.member())))
                .map(Finding::fingerprint).collect(Collectors.toSet());
        assertEquals(expected, new HashSet<>(after.stream().map(Finding::fingerprint).toList()));
        return document.get();
    }

    private static List<Finding> analyze(Path root) throws IOException {
        return new Analyzer().analyze(SourceSet.of(List.of(root)), Analyzer.Options.defaults()).result().findings();
    }

    private static Path firstProgram(Path positive) {
        try (Stream<Path> programs = Files.list(positive)) {
            return programs.filter(Files::isDirectory).sorted().findFirst().orElseThrow();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
