package org.fjdoctor.refactorings.copyonjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcatOnceAtRootRewriteTest {

    private static final String RULE = "copy-on-join";
    private static final String FILE = "p/Evens.java";

    @TempDir
    Path tempDir;

    /** Squares of the even values of a range: a filter, so the leaves' result sizes are not known up front. */
    static final String EVENS_BEFORE = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Evens extends RecursiveTask<long[]> {
                static final int THRESHOLD = 4;

                private final int[] values;
                private final int from;
                private final int to;

                Evens(int[] values, int from, int to) {
                    this.values = values;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected long[] compute() {
                    if (to - from <= THRESHOLD) {
                        int count = 0;
                        long[] squares = new long[to - from];
                        for (int i = from; i < to; i++) {
                            if (values[i] % 2 == 0) {
                                squares[count++] = (long) values[i] * values[i];
                            }
                        }
                        return Arrays.copyOf(squares, count);
                    }
                    int mid = (from + to) >>> 1;
                    Evens left = new Evens(values, from, mid);
                    Evens right = new Evens(values, mid, to);
                    left.fork();
                    long[] rightPart = right.compute();
                    long[] leftPart = left.join();
                    long[] joined = new long[leftPart.length + rightPart.length];
                    System.arraycopy(leftPart, 0, joined, 0, leftPart.length);
                    System.arraycopy(rightPart, 0, joined, leftPart.length, rightPart.length);
                    return joined;
                }

                static String run(int[] values) {
                    long[] all = ForkJoinPool.commonPool().invoke(new Evens(values, 0, values.length));
                    long[] tail = ForkJoinPool.commonPool().invoke(new Evens(values, values.length / 3, values.length));
                    return Arrays.toString(all) + Arrays.toString(tail);
                }
            }
            """;

    static final String EVENS_AFTER = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.ConcurrentSkipListMap;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Evens extends RecursiveTask<long[]> {
                static final int THRESHOLD = 4;

                private final int[] values;
                private final int from;
                private final int to;
                private ConcurrentSkipListMap<Integer, long[]> parts;
                private int origin;

                Evens(int[] values, int from, int to) {
                    this.values = values;
                    this.from = from;
                    this.to = to;
                }

                private Evens(int[] values, int from, int to, ConcurrentSkipListMap<Integer, long[]> parts, int origin) {
                    this(values, from, to);
                    this.parts = parts;
                    this.origin = origin;
                }

                @Override
                protected long[] compute() {
                    ConcurrentSkipListMap<Integer, long[]> parts = this.parts == null ? new ConcurrentSkipListMap<>() : this.parts;
                    int origin = this.parts == null ? from : this.origin;
                    if (to - from <= THRESHOLD) {
                        int count = 0;
                        long[] squares = new long[to - from];
                        for (int i = from; i < to; i++) {
                            if (values[i] % 2 == 0) {
                                squares[count++] = (long) values[i] * values[i];
                            }
                        }
                        return leaf(Arrays.copyOf(squares, count));
                    }
                    int mid = (from + to) >>> 1;
                    Evens left = new Evens(values, from, mid, parts, origin);
                    Evens right = new Evens(values, mid, to, parts, origin);
                    left.fork();
                    right.compute();
                    left.join();
                    return this.parts == null ? concatenate(parts) : null;
                }

                private long[] leaf(long[] part) {
                    if (parts != null) {
                        parts.put(from - origin, part);
                    }
                    return part;
                }

                private static long[] concatenate(ConcurrentSkipListMap<Integer, long[]> parts) {
                    int length = 0;
                    for (long[] part : parts.values()) {
                        length += part.length;
                    }
                    long[] all = new long[length];
                    int at = 0;
                    for (long[] part : parts.values()) {
                        System.arraycopy(part, 0, all, at, part.length);
                        at += part.length;
                    }
                    return all;
                }

                static String run(int[] values) {
                    long[] all = ForkJoinPool.commonPool().invoke(new Evens(values, 0, values.length));
                    long[] tail = ForkJoinPool.commonPool().invoke(new Evens(values, values.length / 3, values.length));
                    return Arrays.toString(all) + Arrays.toString(tail);
                }
            }
            """;

    private String rewrite(String before, boolean includeReview) {
        String after = RewriteTester.rewrite(tempDir.resolve("first"), Map.of(FILE, before), RULE, includeReview).text(FILE);
        assertTrue(RewriteTester.parses(after), after);
        RewriteTester.Result again = RewriteTester.rewrite(tempDir.resolve("second"), Map.of(FILE, after), RULE, false);
        assertEquals(after, again.text(FILE), "idempotent");
        assertTrue(again.plans().isEmpty(), "no copy left: " + again.plans());
        return after;
    }

    private Fix firstFix(String before) {
        List<Refactorings.Planned> plans = RewriteTester.rewrite(tempDir.resolve("plan"), Map.of(FILE, before), RULE,
                false).plans();
        assertEquals(2, plans.size());
        assertEquals(plans.get(0).plan().fixes(), plans.get(1).plan().fixes().stream()
                .map(f -> new Fix(f.ruleId(), plans.get(0).finding().fingerprint(), f.title(), f.safety(), f.why(),
                        f.edits())).toList(), "both copies get the same rewrite of the whole merge");
        assertEquals(1, plans.get(0).plan().fixes().size(), "only this rewrite handles a filter");
        return plans.get(0).plan().fixes().get(0);
    }

    @Test
    void filterResultsAreCollectedAndConcatenatedOnceAtTheRoot() {
        assertEquals(EVENS_AFTER, rewrite(EVENS_BEFORE, false));
        Fix fix = firstFix(EVENS_BEFORE);
        assertEquals(Safety.SAFE, fix.safety());
        assertTrue(fix.title().startsWith("Collect the leaves' arrays"), fix.title());
    }

    @Test
    void crlfAndTabsAreKept() {
        String before = SharedOutputArrayRewriteTest.tabs(EVENS_BEFORE).replace("\n", "\r\n");
        String after = rewrite(before, false);
        assertEquals(SharedOutputArrayRewriteTest.tabs(EVENS_AFTER).replace("\n", "\r\n"), after);
        assertFalse(after.replace("\r\n", "").contains("\n"), "no bare LF");
    }

    @Test
    void takenNamesAndAnExistingImportAreRespected() {
        String before = EVENS_BEFORE
                .replace("import java.util.concurrent.ForkJoinPool;\n",
                        "import java.util.concurrent.ConcurrentSkipListMap;\nimport java.util.concurrent.ForkJoinPool;\n")
                .replace("    private final int to;\n", "    private final int to;\n    int parts, leaf;\n");
        String expected = EVENS_AFTER.replaceAll("\\bparts\\b", "leafParts").replaceAll("\\bleaf\\(", "fileLeaf(")
                .replace("concatenate(ConcurrentSkipListMap<Integer, long[]> leafParts)",
                        "concatenate(ConcurrentSkipListMap<Integer, long[]> parts)")
                .replace("leafParts.values()", "parts.values()")
                .replace("    private int origin;\n\n", "    private int origin;\n    int parts, leaf;\n\n");
        assertEquals(expected, rewrite(before, false));
    }

    @Test
    void nonStandardSplitNeedsReview() {
        String before = EVENS_BEFORE.replace("int mid = (from + to) >>> 1;", "int mid = from + (to - from) / 3;");
        Fix fix = firstFix(before);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("split point"), fix.why());
        assertEquals(before, RewriteTester.rewrite(tempDir.resolve("safe"), Map.of(FILE, before), RULE, false).text(FILE));
        assertTrue(rewrite(before, true).contains("return leaf(Arrays.copyOf(squares, count));"));
    }

    @Test
    void thresholdZeroNeedsReview() {
        String before = EVENS_BEFORE.replace("static final int THRESHOLD = 4;", "static final int THRESHOLD = 0;");
        Fix fix = firstFix(before);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("2 or more elements"), fix.why());
    }

    @Test
    void leafWithoutARangeSizedArrayNeedsReview() {
        String before = EVENS_BEFORE.replace("long[] squares = new long[to - from];",
                "long[] squares = new long[Math.max(0, to - from)];");
        Fix fix = firstFix(before);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("inverted range"), fix.why());
    }

    @Test
    void leafResultThatMayBeSharedNeedsReview() {
        String before = EVENS_BEFORE.replace("return Arrays.copyOf(squares, count);",
                "return count == 0 ? NONE : Arrays.copyOf(squares, count);")
                .replace("    static final int THRESHOLD = 4;\n", "    static final int THRESHOLD = 4;\n    static final long[] NONE = {};\n");
        Fix fix = firstFix(before);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("other code also holds"), fix.why());
    }

    @Test
    void rangeSizedResultsAreLeftToTheSharedOutputRewrite() {
        List<Refactorings.Planned> plans = RewriteTester.rewrite(tempDir.resolve("sized"),
                Map.of("p/Squares.java", SharedOutputArrayRewriteTest.SQUARES_BEFORE), RULE, false).plans();
        assertTrue(plans.stream().allMatch(p -> p.plan().fixes().size() == 1
                && p.plan().fixes().get(0).title().startsWith("Write the subtasks' arrays into one output")), plans.toString());
    }
}
