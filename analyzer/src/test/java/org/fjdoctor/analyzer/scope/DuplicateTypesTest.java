package org.fjdoctor.analyzer.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/** Two declarations of one type (main and test, two modules) must not abort the scan, and both are analyzed. */
class DuplicateTypesTest {

    @TempDir
    Path root;

    private static final String TASK = """
            package app;
            class Sum extends java.util.concurrent.RecursiveTask<Long> {
                final long[] data;
                Sum(long[] data) { this.data = data; }
                @Override protected Long compute() {
                    if (data.length < 64) return data.length == 0 ? 0L : data[0];
                    Sum left = new Sum(java.util.Arrays.copyOfRange(data, 0, data.length / 2));
                    left.fork();
                    return new Sum(new long[0]).compute() + left.join();
                }
            }
            """;

    @ParameterizedTest
    @EnumSource(Analyzer.Mode.class)
    void everyVariantIsAnalyzedInAModelOfItsOwn(Analyzer.Mode mode) {
        TestTrees.write(root, "src/main/java/app/Sum.java", TASK);
        TestTrees.write(root, "copy/app/Sum.java", TASK.replace("Long compute()", "Long compute( )"));
        // The second variant differs: its compute synchronizes, which only its own model can report.
        TestTrees.write(root, "variant/app/Sum.java", TASK.replace("left.fork();", "synchronized (Sum.class) { left.fork(); }"));
        ScanResult result = TestTrees.scan(root, mode);

        assertEquals(List.of(), result.problems(), result.problems().toString());
        assertEquals(List.of("copy/app/Sum.java copy-on-fork", "src/main/java/app/Sum.java copy-on-fork",
                        "variant/app/Sum.java copy-on-fork", "variant/app/Sum.java intra-task-sync"),
                result.findings().stream().map(f -> root.relativize(f.location().file()) + " " + f.ruleId()).sorted().toList());
    }

    @ParameterizedTest
    @EnumSource(Analyzer.Mode.class)
    void packageInfoOfOnePackageInTwoTreesDoesNotAbortTheScan(Analyzer.Mode mode) {
        TestTrees.write(root, "src/main/java/app/Sum.java", TASK);
        TestTrees.write(root, "src/main/java/app/package-info.java", "/** Main. */\npackage app;\n");
        TestTrees.write(root, "src/test/java/app/package-info.java", "/** Tests. */\npackage app;\n");
        ScanResult result = TestTrees.scan(root, mode);

        assertEquals(List.of(), result.problems(), result.problems().toString());
        assertEquals(List.of("copy-on-fork"), result.findings().stream().map(Finding::ruleId).toList());
    }

    @ParameterizedTest
    @EnumSource(Analyzer.Mode.class)
    void beyondFourVariantsTheRestIsReported(Analyzer.Mode mode) {
        for (int i = 1; i <= 5; i++) {
            TestTrees.write(root, "v" + i + "/app/Sum.java", TASK);
        }
        ScanResult result = TestTrees.scan(root, mode);

        assertEquals(1, result.problems().size(), result.problems().toString());
        FileProblem problem = result.problems().get(0);
        assertEquals(FileProblem.Kind.DUPLICATE_TYPE, problem.kind());
        assertTrue(problem.relativePath().endsWith("v5/app/Sum.java"), problem.relativePath());
        assertTrue(problem.message().contains("app.Sum, already declared in"), problem.message());
        assertEquals(4, result.findings().size(), result.findings().toString());
    }
}
