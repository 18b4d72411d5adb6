package org.fjdoctor.refactorings.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Imports a fix leaves unused go with it; every other import stays, byte for byte. */
class UnusedImportsTest {

    @TempDir
    Path tempDir;

    /** A copy-on-fork task whose only uses of {@code Arrays} are the two copies the rewrite removes. */
    private static String task(String imports, String extraMember) {
        return """
                package p;

                %s
                public class Sum {
                    static class SumTask extends RecursiveTask<Long> {
                        private final long[] data;

                        SumTask(long[] data) {
                            this.data = data;
                        }

                        @Override
                        protected Long compute() {
                            if (data.length <= 4) {
                                long sum = 0;
                                for (long value : data) {
                                    sum += value;
                                }
                                return sum;
                            }
                            int mid = data.length / 2;
                            SumTask left = new SumTask(Arrays.copyOfRange(data, 0, mid));
                            SumTask right = new SumTask(Arrays.copyOfRange(data, mid, data.length));
                            left.fork();
                            return right.compute() + left.join();
                        }
                    }
                %s
                    public static long run(long[] data) {
                        return new SumTask(data).invoke();
                    }
                }
                """.formatted(imports, extraMember);
    }

    private String rewrite(String source) {
        String after = RewriteTester.rewrite(tempDir, Map.of("p/Sum.java", source), "copy-on-fork", false).text("p/Sum.java");
        assertTrue(after.contains("private final int from;"), "the rewrite applies:\n" + after);
        assertTrue(RewriteTester.parses(after));
        return after;
    }

    @Test
    void importTheFixLeavesUnusedIsRemovedWithItsLine() {
        String after = rewrite(task("import java.util.Arrays;\nimport java.util.concurrent.RecursiveTask;\n", ""));
        assertFalse(after.contains("import java.util.Arrays;"), after);
        assertTrue(after.startsWith("package p;\n\nimport java.util.concurrent.RecursiveTask;\n\npublic class Sum {"), after);
    }

    @Test
    void importStillUsedElsewhereStays() {
        String after = rewrite(task("import java.util.Arrays;\nimport java.util.concurrent.RecursiveTask;\n",
                "\n    static long[] filled(int n) {\n        long[] a = new long[n];\n        Arrays.fill(a, 1);\n        return a;\n    }\n"));
        assertTrue(after.contains("import java.util.Arrays;\n"), after);
    }

    @Test
    void mentionInACommentKeepsTheImport() {
        String after = rewrite(task("import java.util.Arrays;\nimport java.util.concurrent.RecursiveTask;\n",
                "\n    // Arrays.copyOfRange used to be here.\n"));
        assertTrue(after.contains("import java.util.Arrays;\n"), after);
    }

    @Test
    void importsUnusedBeforeTheFixAreNotTouched() {
        String after = rewrite(task("import java.util.Arrays;\nimport java.util.Map;\nimport java.util.concurrent.RecursiveTask;\n", ""));
        assertTrue(after.contains("import java.util.Map;\n"), after);
        assertFalse(after.contains("import java.util.Arrays;"), after);
    }

    @Test
    void lastImportOfAGroupTakesOneBlankLineAlong() {
        String after = rewrite(task("import java.util.concurrent.RecursiveTask;\n\nimport java.util.Arrays;\n", ""));
        assertTrue(after.startsWith("package p;\n\nimport java.util.concurrent.RecursiveTask;\n\npublic class Sum {"), after);
    }

    @Test
    void crlfFileLosesTheWholeLineAndKeepsItsEndings() {
        String before = task("import java.util.Arrays;\nimport java.util.concurrent.RecursiveTask;\n", "").replace("\n", "\r\n");
        String after = rewrite(before);
        assertFalse(after.contains("Arrays"), after);
        assertFalse(after.replace("\r\n", "").contains("\n"), "no bare LF");
        assertEquals("package p;\r\n\r\nimport java.util.concurrent.RecursiveTask;\r\n", after.substring(0, after.indexOf("\r\npublic") - 0));
    }
}
