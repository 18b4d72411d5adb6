package org.fjdoctor.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.corpus.ExpectedFindings.Expected;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Scans every fixture program and holds the findings against the inline {@code // expect:} markers:
 * precision and recall must both be 100%, in the focused mode users run and in the full-model mode.
 */
class CorpusFindingsTest {

    static final Path PROGRAMS = Path.of("src/main/java");

    private static ScanResult focused;
    private static ScanResult full;

    @BeforeAll
    static void scan() throws Exception {
        Analyzer analyzer = new Analyzer();
        SourceSet sources = SourceSet.of(List.of(PROGRAMS));
        focused = analyzer.scan(sources, Analyzer.Options.defaults());
        full = analyzer.scan(sources, Analyzer.Options.defaults().withMode(Analyzer.Mode.FULL));
    }

    @Test
    void everyExpectedFindingAndNoOther() {
        assertMatches(focused);
    }

    @Test
    void fullModelModeFindsTheSame() {
        assertMatches(full);
    }

    @Test
    void focusedAndFullModeGiveIdenticalFindings() {
        assertEquals(describe(full.findings()), describe(focused.findings()));
        assertEquals(full.findings().stream().map(Finding::fingerprint).toList(),
                focused.findings().stream().map(Finding::fingerprint).toList());
        // That the focused model really leaves files out is FocusedScopeTest's business (analyzer module):
        // nearly every corpus file takes part in some fork/join program.
        assertTrue(focused.modelFiles() <= full.modelFiles());
    }

    @Test
    void everyRuleHasAtLeastFourPositiveAndThreeNegativePrograms() {
        List<Expected> expected = ExpectedFindings.in(PROGRAMS);
        for (Rule rule : Rules.all()) {
            String pkg = rule.info().id().replace("-", "");
            long positives = expected.stream().filter(e -> e.ruleId().equals(rule.info().id()))
                    .map(e -> programOf(e.file())).distinct().count();
            long negatives = programsUnder(pkg + "/negative");
            assertTrue(positives >= 4, rule.info().id() + " has " + positives + " positive programs");
            assertTrue(negatives >= 3, rule.info().id() + " has " + negatives + " negative programs");
        }
    }

    private static String programOf(String file) {
        String[] parts = file.split("/");
        return String.join("/", List.of(parts).subList(0, Math.min(4, parts.length - 1)));
    }

    private static long programsUnder(String dir) {
        java.io.File[] programs = PROGRAMS.resolve("corpus").resolve(dir).toFile().listFiles(java.io.File::isDirectory);
        return programs == null ? 0 : programs.length;
    }

    private static void assertMatches(ScanResult result) {
        assertTrue(result.problems().isEmpty(), "fixtures must all parse: " + result.problems());
        TreeSet<Expected> expected = new TreeSet<>(ExpectedFindings.in(PROGRAMS));
        Map<Expected, Finding> actual = new TreeMap<>();
        for (Finding f : result.findings()) {
            actual.put(new Expected(f.location().relativePath().substring(PROGRAMS.toString().length() + 1),
                    f.location().line(), f.ruleId()), f);
        }
        List<String> missing = new ArrayList<>();
        for (Expected e : expected) {
            if (!actual.containsKey(e)) {
                missing.add("  missing " + e);
            }
        }
        List<String> extra = new ArrayList<>();
        actual.forEach((e, f) -> {
            if (!expected.contains(e)) {
                extra.add("  unexpected " + e + ": " + f.message());
            }
        });
        if (!missing.isEmpty() || !extra.isEmpty()) {
            fail("corpus findings differ from the // expect: markers (" + missing.size() + " missing, " + extra.size()
                    + " unexpected):\n" + String.join("\n", missing) + "\n" + String.join("\n", extra));
        }
        assertEquals(expected.size(), result.findings().size(), "one finding per marker");
    }

    private static List<String> describe(List<Finding> findings) {
        Function<Finding, String> text = f -> f.location().display() + " " + f.ruleId() + " " + f.message();
        return findings.stream().map(text).collect(Collectors.toList());
    }
}
