package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FJ2 index-range rewrite on layouts other than one statement per line: each gets a fix that parses
 * (before, the edits assumed whole lines and the rewritten file did not parse, so the fix was lost).
 */
class IndexRangeLayoutTest {

    @TempDir
    Path dir;

    private String rewrite(String before) {
        String after = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", false).text("p/Sum.java");
        assertTrue(RewriteTester.parses(after), after);
        return after;
    }

    @Test
    void aConstructorOnOneLineKeepsItsLineAndStoresTheBoundsOnIt() {
        String before = IndexRangeRewriteTest.SUM_BEFORE.replace("""
                        SumTask(long[] data) {
                            this.data = data;
                        }
                """, """
                        SumTask(long[] data) { this.data = data; }
                """);
        String expected = IndexRangeRewriteTest.SUM_AFTER.replace("""
                        SumTask(long[] data, int from, int to) {
                            this.data = data;
                            this.from = from;
                            this.to = to;
                        }
                """, """
                        SumTask(long[] data, int from, int to) { this.data = data; this.from = from; this.to = to; }
                """);
        assertTrue(before.contains("{ this.data = data; }") && expected.contains("this.from = from; this.to = to; }"));

        assertEquals(expected, rewrite(before));
    }

    @Test
    void aForEachWithoutBracesGetsThem() {
        String before = IndexRangeRewriteTest.SUM_BEFORE.replace("""
                                for (long value : data) {
                                    sum += value;
                                }
                """, """
                                for (long value : data)
                                    sum += value;
                """);
        assertTrue(before.contains("for (long value : data)\n"));

        assertEquals(IndexRangeRewriteTest.SUM_AFTER, rewrite(before));
    }

    @Test
    void aClassOnOneLineGetsItsEditsOnThatLine() {
        String before = """
                package p;

                import java.util.Arrays;
                import java.util.concurrent.RecursiveTask;

                class Sum extends RecursiveTask<Long> { private final long[] data; Sum(long[] d) { this.data = d; } \
                @Override protected Long compute() { if (data.length <= 4) { long sum = 0; for (long value : data) \
                sum += value; return sum; } int mid = data.length / 2; Sum left = new Sum(Arrays.copyOfRange(data, 0, \
                mid)); Sum right = new Sum(Arrays.copyOfRange(data, mid, data.length)); left.fork(); \
                return right.compute() + left.join(); } }
                """;

        assertEquals("""
                package p;

                import java.util.concurrent.RecursiveTask;

                class Sum extends RecursiveTask<Long> { private final long[] data; private final int from; \
                private final int to; Sum(long[] d) {
                    this(d, 0, d.length);
                }

                Sum(long[] d, int from, int to) { this.data = d; this.from = from; this.to = to; } \
                @Override protected Long compute() { if (to - from <= 4) { long sum = 0; \
                for (int i = from; i < to; i++) { long value = data[i]; sum += value; } return sum; } \
                int mid = (from + to) >>> 1; Sum left = new Sum(data, from, mid); Sum right = new Sum(data, mid, to); \
                left.fork(); return right.compute() + left.join(); } }
                """, rewrite(before));
    }
}
