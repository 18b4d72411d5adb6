package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.FailOn;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Findings in test sources are flagged, and notes that say so unless tests are included. */
class TestSourcesTest {

    @TempDir
    Path root;

    private static final String TASK = """
            package app;
            import java.util.concurrent.RecursiveTask;
            class NAME extends RecursiveTask<Long> {
                static final Object LOCK = new Object();
                @Override
                protected Long compute() {
                    synchronized (LOCK) {
                        return 1L;
                    }
                }
            }
            """;

    @Test
    void recognisesTheUsualTestLayouts() {
        assertTrue(TestSources.isTest("src/test/java/a/B.java"));
        assertTrue(TestSources.isTest("module/src/test/java/a/B.java"));
        assertTrue(TestSources.isTest("test/a/B.java"));
        assertTrue(TestSources.isTest("lib/src/jmh/java/a/B.java"));
        assertTrue(TestSources.isTest("a/BTest.java"));
        assertFalse(TestSources.isTest("src/main/java/a/BTest.java"));
        assertFalse(TestSources.isTest("src/main/java/a/Tests2.java"));
        assertFalse(TestSources.isTest("src/main/java/testing/B.java"));
        assertFalse(TestSources.isTest("lib/src/main/java/edu/search/test/IndTestFisherZ.java"));
        assertFalse(TestSources.isTest("src/edu/search/test/Probe.java"));
        assertTrue(TestSources.isTest("module/tests/a/B.java"));
        // Gradle source sets named for the kind of test they hold
        assertTrue(TestSources.isTest("geode-assembly/src/acceptanceTest/java/a/B.java"));
        assertTrue(TestSources.isTest("core/src/distributedTest/java/a/B.java"));
        assertTrue(TestSources.isTest("core/src/upgradeTest/java/a/B.java"));
        assertTrue(TestSources.isTest("src/integrationTest/java/a/B.java"));
        assertFalse(TestSources.isTest("core/src/contest/java/a/B.java"));
        assertFalse(TestSources.isTest("core/src/Test/java/a/B.java"));
    }

    @Test
    void aRootThatIsASourceSetDecides() {
        assertTrue(TestSources.isTest(Path.of("/p/m/src/test/java/a/B.java"), "a/B.java"));
        assertTrue(TestSources.isTest(Path.of("/p/m/src/it/a/B.java"), "a/B.java"));
        assertFalse(TestSources.isTest(Path.of("/p/m/src/main/java/a/BTest.java"), "a/BTest.java"));
        assertFalse(TestSources.isTest(Path.of("/p/src/test/repo/src/a/B.java"), "src/a/B.java"));
        assertTrue(TestSources.isTest(Path.of("/p/m/src/a/BTest.java"), "a/BTest.java"));
        assertTrue(TestSources.isTest(Path.of("/p/m/src/test/java/a/B.java"), "src/test/java/a/B.java"));
        assertTrue(TestSources.isTest(Path.of("/p/m/src/acceptanceTest/java/a/B.java"), "a/B.java"));
    }

    /**
     * {@code src/it} is Maven's integration-test set, unless the package starts there: {@code it.ric.uny} in
     * {@code src/it/ric/uny} has {@code src} as its source root.
     */
    @Test
    void aPackageNamedLikeASourceSetRightBelowSrcIsProductionCode() {
        assertFalse(TestSources.isTest(Path.of("/p/src/it/ric/uny/Solver.java"), "src/it/ric/uny/Solver.java",
                "/* (c) */\npackage it.ric.uny;\n\nclass Solver {}\n"));
        assertFalse(TestSources.isTest(Path.of("/p/src/it/Solver.java"), "src/it/Solver.java", "package it;"));
        assertTrue(TestSources.isTest(Path.of("/p/src/it/ric/uny/SolverTest.java"), "src/it/ric/uny/SolverTest.java",
                "package it.ric.uny;"));
        assertTrue(TestSources.isTest(Path.of("/p/src/it/java/a/B.java"), "src/it/java/a/B.java", "package a;"));
        assertTrue(TestSources.isTest(Path.of("/p/src/it/java/it/B.java"), "src/it/java/it/B.java", "package it;"));
        assertTrue(TestSources.isTest(Path.of("/p/src/it/ric/uny/Solver.java"), "src/it/ric/uny/Solver.java",
                "package uny;"));
        assertTrue(TestSources.isTest(Path.of("/p/src/it/ric/uny/Solver.java"), "src/it/ric/uny/Solver.java", null));
    }

    @Test
    void aTaskInAPackageNamedItIsReportedByDefault() throws Exception {
        TestTrees.write(root, "src/it/ric/uny/Solver.java", TASK.replace("package app;", "package it.ric.uny;")
                .replace("NAME", "Solver"));
        TestTrees.write(root, "src/it/java/app/Check.java", TASK.replace("NAME", "Check"));
        Analyzer.Options options = Analyzer.Options.defaults().withProgress(Analyzer.Progress.NONE);
        List<Finding> findings = new Analyzer().analyze(SourceSet.of(List.of(root)), options).result().findings();
        assertEquals(1, findings.size(), findings.toString());
        assertTrue(findings.get(0).location().relativePath().endsWith("Solver.java"), findings.toString());
        assertFalse(findings.get(0).inTestCode(), findings.toString());
    }

    @Test
    void aTestNamedClassInAMainSourceRootIsProductionCode() throws Exception {
        TestTrees.write(root, "src/main/java/app/LoadTest.java", TASK.replace("NAME", "LoadTest"));
        Analyzer.Options options = Analyzer.Options.defaults().withProgress(Analyzer.Progress.NONE);
        List<Finding> findings = new Analyzer().analyze(SourceSet.of(List.of(root.resolve("src/main/java"))), options)
                .result().findings();
        assertEquals(1, findings.size(), findings.toString());
        assertFalse(findings.get(0).inTestCode(), findings.toString());
        assertEquals(Severity.WARNING, findings.get(0).severity());
    }

    @Test
    void findingsInTestSourcesAreReportedOnlyWhenTestsAreIncluded() throws Exception {
        TestTrees.write(root, "src/main/java/app/Main.java", TASK.replace("NAME", "Main"));
        TestTrees.write(root, "src/test/java/app/Check.java", TASK.replace("NAME", "Check"));
        Analyzer.Options options = Analyzer.Options.defaults().withProgress(Analyzer.Progress.NONE);

        List<Finding> byDefault = new Analyzer().analyze(SourceSet.of(List.of(root)), options).result().findings();
        assertEquals(1, byDefault.size(), byDefault.toString());
        Finding main = byDefault.get(0);
        assertTrue(main.location().relativePath().contains("main"), main.toString());
        assertEquals(Severity.WARNING, main.severity());
        assertFalse(main.inTestCode());

        List<Finding> included = new Analyzer().analyze(SourceSet.of(List.of(root)), options.withTests(true))
                .result().findings();
        assertEquals(2, included.size(), included.toString());
        assertTrue(included.stream().allMatch(f -> f.severity() == Severity.WARNING), included.toString());
        Finding includedTest = included.stream().filter(f -> f.location().relativePath().contains("test"))
                .findFirst().orElseThrow();
        assertTrue(includedTest.inTestCode(), "still flagged when it keeps its severity: " + includedTest);
        assertFalse(included.stream().filter(f -> f != includedTest).findFirst().orElseThrow().inTestCode());
    }

    @Test
    void testFindingsFailTheBuildOnlyWhenTestsAreIncluded() throws Exception {
        TestTrees.write(root, "src/test/java/app/Check.java", TASK.replace("NAME", "Check"));
        Analyzer.Options options = Analyzer.Options.defaults().withProgress(Analyzer.Progress.NONE);
        for (boolean include : List.of(false, true)) {
            Settings settings = SettingsResolver.resolve(SettingsResolver.Explicit.none()
                    .withIncludeTests(include, "--include-tests").withFailOn(FailOn.NOTE, "--fail-on"), Config.none());
            List<Finding> findings = new Analyzer().analyze(SourceSet.of(List.of(root)), settings.applyTo(options))
                    .result().findings();
            assertEquals(include ? 1 : 0, findings.size(), findings.toString());
            assertTrue(findings.stream().allMatch(settings::fails), "include tests: " + include + ", " + findings);
        }
    }

    @Test
    void foldersTheBuildDeclaresDecideOverTheUsualLayouts() throws Exception {
        TestTrees.write(root, ".classpath", """
                <?xml version="1.0" encoding="UTF-8"?>
                <classpath>
                    <classpathentry kind="src" path="source"/>
                    <classpathentry kind="src" path="checks">
                        <attributes><attribute name="test" value="true"/></attributes>
                    </classpathentry>
                    <classpathentry kind="src" path="/OtherProject"/>
                    <classpathentry kind="output" path="bin"/>
                </classpath>
                """);
        TestTrees.write(root, "source/app/LoadTest.java", TASK.replace("NAME", "LoadTest"));
        TestTrees.write(root, "checks/app/Probe.java", TASK.replace("NAME", "Probe"));
        assertTrue(TestSources.isTest(root.resolve("checks/app/Probe.java"), "checks/app/Probe.java"));
        assertFalse(TestSources.isTest(root.resolve("source/app/LoadTest.java"), "source/app/LoadTest.java"));
        assertTrue(TestSources.isTest(root.resolve("other/AppTest.java"), "other/AppTest.java"),
                "a folder the build does not name is judged by its path");

        Analyzer.Options options = Analyzer.Options.defaults().withProgress(Analyzer.Progress.NONE).withTests(true);
        List<Finding> findings = new Analyzer().analyze(SourceSet.of(List.of(root)), options).result().findings();
        assertEquals(2, findings.size(), findings.toString());
        for (Finding finding : findings) {
            boolean inChecks = finding.location().file().toString().replace('\\', '/').contains("/checks/");
            assertEquals(inChecks, finding.inTestCode(), finding.toString());
        }
    }

    @Test
    void mavenTestSourceDirectoryIsTestCode() throws Exception {
        Path module = root.resolve("engine");
        TestTrees.write(module, "pom.xml", """
                <project>
                  <modelVersion>4.0.0</modelVersion>
                  <build>
                    <sourceDirectory>src</sourceDirectory>
                    <testSourceDirectory>${project.basedir}/qa</testSourceDirectory>
                  </build>
                </project>
                """);
        assertTrue(TestSources.isTest(module.resolve("qa/a/B.java"), "engine/qa/a/B.java"));
        assertFalse(TestSources.isTest(module.resolve("src/a/BTest.java"), "engine/src/a/BTest.java"));
    }
}
