package org.fjdoctor.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Suppressions by annotation and by comment, and fingerprints that survive unrelated edits. */
class SuppressionTest {

    @TempDir
    Path root;

    private static final String TASK = """
            package s;
            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;
            %s
            class Sum extends RecursiveTask<Long> {
                final long[] data;
                Sum(long[] data) { this.data = data; }
                %s
                @Override protected Long compute() {
                    if (data.length < 64) return data.length == 0 ? 0L : data[0];
                    int mid = data.length / 2;
                    Sum left = new Sum(Arrays.copyOfRange(data, 0, mid)); %s
                    Sum right = new Sum(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    private List<Finding> scan(String classAnnotation, String methodAnnotation, String lineComment) {
        TestTrees.write(root, "s/Sum.java", TASK.formatted(classAnnotation, methodAnnotation, lineComment));
        return TestTrees.scan(root, Analyzer.Mode.FOCUSED).findings();
    }

    @Test
    void unsuppressedBothCopiesAreFound() {
        assertEquals(2, scan("", "", "").size());
    }

    @Test
    void suppressWarningsWithTheRuleIdOnTheMethod() {
        assertEquals(0, scan("", "@SuppressWarnings(\"fjdoctor:copy-on-fork\")", "").size());
    }

    @Test
    void suppressWarningsWithTheCodeOrAllOfFjdoctorOnTheClass() {
        assertEquals(0, scan("@SuppressWarnings({\"unchecked\", \"fjdoctor:FJ2\"})", "", "").size());
        assertEquals(0, scan("@SuppressWarnings(\"fjdoctor\")", "", "").size());
    }

    @Test
    void suppressWarningsForAnotherRuleDoesNotHide() {
        assertEquals(2, scan("", "@SuppressWarnings(\"fjdoctor:sleepy-worker\")", "").size());
    }

    @Test
    void ignoreCommentHidesOnlyItsLine() {
        List<Finding> findings = scan("", "", "// fjdoctor:ignore copy-on-fork");
        assertEquals(1, findings.size());
        assertEquals(13, findings.get(0).location().line());
        assertEquals(2, scan("", "", "// fjdoctor:ignore sleepy-worker").size());
        assertEquals(1, scan("", "", "// fjdoctor:ignore").size());
    }

    @Test
    void fingerprintsSurviveLineShiftsButDifferBetweenFindings() {
        List<Finding> before = scan("", "", "");
        List<Finding> after = scan("// a comment\n// that moves every line down", "", "");
        assertEquals(before.get(0).location().line() + 1, after.get(0).location().line(), "the class slot grew by one line");
        assertEquals(before.stream().map(Finding::fingerprint).toList(), after.stream().map(Finding::fingerprint).toList());
        assertNotEquals(before.get(0).fingerprint(), before.get(1).fingerprint());
    }
}
