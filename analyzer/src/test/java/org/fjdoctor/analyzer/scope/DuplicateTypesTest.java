package org.fjdoctor.analyzer.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/** Two declarations of one type (main and test, two modules) must not abort the scan. */
class DuplicateTypesTest {

    @TempDir
    Path root;

    @ParameterizedTest
    @EnumSource(Analyzer.Mode.class)
    void theSecondDeclarationIsReportedAndTheFirstAnalyzed(Analyzer.Mode mode) {
        String task = """
                package app;
                class Sum extends java.util.concurrent.RecursiveTask<Long> {
                    final long[] data;
                    Sum(long[] data) { this.data = data; }
                    @Override protected Long compute() {
                        if (data.length < 2) return data.length == 0 ? 0L : data[0];
                        Sum left = new Sum(java.util.Arrays.copyOfRange(data, 0, data.length / 2));
                        left.fork();
                        return left.join();
                    }
                }
                """;
        TestTrees.write(root, "src/main/java/app/Sum.java", task);
        TestTrees.write(root, "src/test/java/app/Sum.java", task.replace("Long compute()", "Long compute( )"));
        ScanResult result = TestTrees.scan(root, mode);

        assertEquals(1, result.problems().size(), result.problems().toString());
        FileProblem problem = result.problems().get(0);
        assertEquals(FileProblem.Kind.DUPLICATE_TYPE, problem.kind());
        assertTrue(problem.relativePath().endsWith("src/test/java/app/Sum.java"), problem.relativePath());
        assertTrue(problem.message().contains("app.Sum, already declared in"), problem.message());
        assertEquals(List.of("copy-on-fork"), result.findings().stream().map(Finding::ruleId).toList());
        assertTrue(result.findings().get(0).location().relativePath().contains("src/main/java"));
    }
}
