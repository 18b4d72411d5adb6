package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Before/after tests of the FJ2 index-range rewrite. */
class IndexRangeRewriteTest {

    static final String SUM_BEFORE = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            // Sums an array, copying each half.
            public class Sum {
                static final int THRESHOLD = 4;

                static class SumTask extends RecursiveTask<Long> {
                    private final long[] data;

                    SumTask(long[] data) {
                        this.data = data;
                    }

                    @Override
                    protected Long compute() {
                        if (data.length <= THRESHOLD) {
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

                public static long run(long[] data) {
                    return new SumTask(data).invoke();
                }
            }
            """;

    static final String SUM_AFTER = """
            package p;

            import java.util.concurrent.RecursiveTask;

            // Sums an array, copying each half.
            public class Sum {
                static final int THRESHOLD = 4;

                static class SumTask extends RecursiveTask<Long> {
                    private final long[] data;
                    private final int from;
                    private final int to;

                    SumTask(long[] data) {
                        this(data, 0, data.length);
                    }

                    SumTask(long[] data, int from, int to) {
                        this.data = data;
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected Long compute() {
                        if (to - from <= THRESHOLD) {
                            long sum = 0;
                            for (int i = from; i < to; i++) {
                                long value = data[i];
                                sum += value;
                            }
                            return sum;
                        }
                        int mid = (from + to) >>> 1;
                        SumTask left = new SumTask(data, from, mid);
                        SumTask right = new SumTask(data, mid, to);
                        left.fork();
                        return right.compute() + left.join();
                    }
                }

                public static long run(long[] data) {
                    return new SumTask(data).invoke();
                }
            }
            """;

    static final String COUNT_BEFORE = """
            package p;

            import java.util.concurrent.RecursiveTask;

            public class Count {
                static final class CountAbove extends RecursiveTask<Long> {
                    private final int[] samples;
                    private final int limit;

                    CountAbove(int[] samples, int limit) {
                        this.samples = samples;
                        this.limit = limit;
                    }

                    @Override
                    protected Long compute() {
                        if (samples.length <= 3) {
                            long count = 0;
                            for (int s : samples) {
                                if (s > limit) {
                                    count++;
                                }
                            }
                            return count;
                        }
                        int mid = samples.length / 2;
                        int[] head = new int[mid];
                        System.arraycopy(samples, 0, head, 0, mid); // the first half
                        int[] tail = new int[samples.length - mid];
                        System.arraycopy(samples, mid, tail, 0, tail.length);
                        CountAbove left = new CountAbove(head, limit);
                        CountAbove right = new CountAbove(tail, limit);
                        left.fork();
                        return right.compute() + left.join();
                    }
                }

                public static long run(int[] samples) {
                    return new CountAbove(samples, 5).invoke();
                }
            }
            """;

    static final String COUNT_AFTER = """
            package p;

            import java.util.concurrent.RecursiveTask;

            public class Count {
                static final class CountAbove extends RecursiveTask<Long> {
                    private final int[] samples;
                    private final int from;
                    private final int to;
                    private final int limit;

                    CountAbove(int[] samples, int limit) {
                        this(samples, 0, samples.length, limit);
                    }

                    CountAbove(int[] samples, int from, int to, int limit) {
                        this.samples = samples;
                        this.from = from;
                        this.to = to;
                        this.limit = limit;
                    }

                    @Override
                    protected Long compute() {
                        if (to - from <= 3) {
                            long count = 0;
                            for (int i = from; i < to; i++) {
                                int s = samples[i];
                                if (s > limit) {
                                    count++;
                                }
                            }
                            return count;
                        }
                        int mid = (from + to) >>> 1;
                        CountAbove left = new CountAbove(samples, from, mid, limit);
                        CountAbove right = new CountAbove(samples, mid, to, limit);
                        left.fork();
                        return right.compute() + left.join();
                    }
                }

                public static long run(int[] samples) {
                    return new CountAbove(samples, 5).invoke();
                }
            }
            """;

    static final String THIRDS_BEFORE = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public class Thirds {
                static final class MaxGap extends RecursiveTask<Long> {
                    private final long[] values;

                    MaxGap(long[] values) {
                        this.values = values;
                    }

                    @Override
                    protected Long compute() {
                        int n = values.length;
                        if (n <= 4) {
                            long best = 0;
                            for (int i = 1; i < values.length; i++) {
                                best = Math.max(best, values[i] - values[i - 1]);
                            }
                            return best + (values.length == 0 ? 0 : values[values.length - 1]);
                        }
                        int third = values.length / 3;
                        MaxGap a = new MaxGap(Arrays.copyOfRange(values, 0, third));
                        MaxGap b = new MaxGap(Arrays.copyOfRange(values, third, values.length));
                        a.fork();
                        return b.compute() + a.join() * 31;
                    }
                }

                public static long run(long[] values) {
                    return new MaxGap(values).invoke();
                }
            }
            """;

    static final String THIRDS_AFTER = """
            package p;

            import java.util.concurrent.RecursiveTask;

            public class Thirds {
                static final class MaxGap extends RecursiveTask<Long> {
                    private final long[] values;
                    private final int from;
                    private final int to;

                    MaxGap(long[] values) {
                        this(values, 0, values.length);
                    }

                    MaxGap(long[] values, int from, int to) {
                        this.values = values;
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected Long compute() {
                        int n = to - from;
                        if (n <= 4) {
                            long best = 0;
                            for (int i = 1; i < to - from; i++) {
                                best = Math.max(best, values[from + i] - values[from + i - 1]);
                            }
                            return best + (to - from == 0 ? 0 : values[from + to - from - 1]);
                        }
                        int third = (to - from) / 3;
                        MaxGap a = new MaxGap(values, from, from + third);
                        MaxGap b = new MaxGap(values, from + third, to);
                        a.fork();
                        return b.compute() + a.join() * 31;
                    }
                }

                public static long run(long[] values) {
                    return new MaxGap(values).invoke();
                }
            }
            """;

    @TempDir
    Path dir;

    private String rewrite(String file, String before, boolean includeReview) {
        return RewriteTester.rewrite(dir, Map.of(file, before), "copy-on-fork", includeReview).text(file);
    }

    @Test
    void copyOfRangeHalvesBecomeIndexRanges() {
        String after = rewrite("p/Sum.java", SUM_BEFORE, false);
        assertEquals(SUM_AFTER, after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void arraycopyIntoFreshArraysBecomesIndexRanges() {
        assertEquals(COUNT_AFTER, rewrite("p/Count.java", COUNT_BEFORE, false));
    }

    @Test
    void nonHalvingSplitKeepsRelativeIndicesTranslated() {
        assertEquals(THIRDS_AFTER, rewrite("p/Thirds.java", THIRDS_BEFORE, false));
    }

    @Test
    void everyFindingOfTheClassGetsTheSameSafeFix() {
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", SUM_BEFORE), "copy-on-fork", false);
        assertEquals(2, result.plans().size());
        for (var planned : result.plans()) {
            Fix fix = planned.plan().fixes().get(0);
            assertEquals(Safety.SAFE, fix.safety());
            assertTrue(fix.why().contains("never writes"), fix.why());
        }
        assertEquals(1, result.patch().applied().size());
    }

    @Test
    void rewriteIsIdempotent() {
        for (String[] pair : List.of(new String[] {"p/Sum.java", SUM_AFTER}, new String[] {"p/Count.java", COUNT_AFTER},
                new String[] {"p/Thirds.java", THIRDS_AFTER})) {
            RewriteTester.Result again = RewriteTester.rewrite(dir.resolve(pair[0].replace('/', '_')),
                    Map.of(pair[0], pair[1]), "copy-on-fork", true);
            assertEquals(pair[1], again.text(pair[0]));
            assertTrue(again.plans().isEmpty(), "the findings are gone");
        }
    }

    @Test
    void crlfFileKeepsItsLineEndingsAndUntouchedLines() {
        String before = SUM_BEFORE.replace("\n", "\r\n");
        String after = rewrite("p/Sum.java", before, false);
        assertEquals(SUM_AFTER.replace("\n", "\r\n"), after);
        assertFalse(after.replace("\r\n", "").contains("\n"), "no bare LF");
        // The rewrite also drops the Arrays import it leaves unused; every other line is untouched.
        assertUntouchedOutside(withoutArraysImport(before), after, "private final long[] data;", "left.fork();");
    }

    @Test
    void tabIndentedFileGetsTabs() {
        String before = tabs(SUM_BEFORE);
        String after = rewrite("p/Sum.java", before, false);
        assertEquals(tabs(SUM_AFTER), after);
        // The rewrite also drops the Arrays import it leaves unused; every other line is untouched.
        assertUntouchedOutside(withoutArraysImport(before), after, "private final long[] data;", "left.fork();");
    }

    @Test
    void clashingNamesPickOtherRangeNames() {
        String before = SUM_BEFORE.replace("long sum = 0;", "long sum = 0;\n                int from = 0, to = 0, i = 0;");
        String after = rewrite("p/Sum.java", before, false);
        assertTrue(after.contains("private final int lo;") && after.contains("private final int hi;"), after);
        assertTrue(after.contains("for (int j = lo; j < hi; j++) {"), after);
        assertTrue(after.contains("int mid = (lo + hi) >>> 1;"), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void unprovenSliceEndIsOnlyOfferedForReview() {
        String before = SUM_BEFORE.replace("Arrays.copyOfRange(data, 0, mid)", "Arrays.copyOfRange(data, 0, mid + 1)");
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", false);
        assertEquals(before, result.text("p/Sum.java"));
        Fix fix = result.plans().get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("not proven to stay within"), fix.why());
        String reviewed = rewrite("p/Sum.java", before, true);
        assertTrue(reviewed.contains("new SumTask(data, from, from + mid + 1)"), reviewed);
        assertTrue(reviewed.contains("new SumTask(data, from + mid, to)"), reviewed);
        assertTrue(reviewed.contains("int mid = to - from / 2;") == false && reviewed.contains("int mid = (to - from) / 2;"), reviewed);
    }

    @Test
    void fieldVisibleOutsideTheFileIsOnlyOfferedForReview() {
        String before = SUM_BEFORE.replace("private final long[] data;", "final long[] data;");
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", false);
        assertEquals(before, result.text("p/Sum.java"));
        Fix fix = result.plans().get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("not private"), fix.why());
        assertTrue(rewrite("p/Sum.java", before, true).contains("    final int from;"));
    }

    @Test
    void inPlaceSortOfTheCopiesIsManual() {
        String before = """
                package p;

                import java.util.Arrays;
                import java.util.concurrent.RecursiveAction;

                class Sort extends RecursiveAction {
                    private final int[] a;

                    Sort(int[] a) {
                        this.a = a;
                    }

                    @Override
                    protected void compute() {
                        if (a.length <= 16) {
                            Arrays.sort(a);
                            return;
                        }
                        int mid = a.length >>> 1;
                        int[] left = Arrays.copyOfRange(a, 0, mid);
                        int[] right = Arrays.copyOfRange(a, mid, a.length);
                        invokeAll(new Sort(left), new Sort(right));
                        System.arraycopy(left, 0, a, 0, left.length);
                        System.arraycopy(right, 0, a, mid, right.length);
                    }
                }
                """;
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sort.java", before), "copy-on-fork", true);
        assertEquals(before, result.text("p/Sort.java"));
        assertEquals(2, result.plans().size());
        String reason = result.plans().get(0).plan().manualReason();
        assertNotNull(reason);
        assertTrue(reason.contains("writes into `a` with `Arrays.sort(a);` at line 16"), reason);
        assertTrue(reason.contains("in-place sort"), reason);
    }

    @Test
    void elementWriteInTheTaskIsManual() {
        String before = SUM_BEFORE.replace("sum += value;", "sum += value;\n                    data[0] = 0;");
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", true);
        assertEquals(before, result.text("p/Sum.java"));
        String reason = result.plans().get(0).plan().manualReason();
        assertTrue(reason.contains("writes `data[0] = 0;` at line 23"), reason);
    }

    @Test
    void escapingArrayIsManual() {
        String before = SUM_BEFORE.replace("left.fork();", "left.fork();\n            keep(data);")
                .replace("public static long run", "static void keep(long[] kept) {\n    }\n\n    public static long run");
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", true);
        assertEquals(before, result.text("p/Sum.java"));
        String reason = result.plans().get(0).plan().manualReason();
        assertTrue(reason.contains("passes `data` to keep(..)"), reason);
    }

    @Test
    void untranslatableUseIsManual() {
        String before = SUM_BEFORE.replace("left.fork();", "left.fork();\n            long[] alias = data;");
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Sum.java", before), "copy-on-fork", true);
        assertEquals(before, result.text("p/Sum.java"));
        String reason = result.plans().get(0).plan().manualReason();
        assertTrue(reason.contains("cannot translate every use of `data`"), reason);
    }

    @Test
    void listSliceOfAListFromNowhereIsOnlyOfferedForReview() {
        String before = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Words extends RecursiveTask<Integer> {
                    private final List<String> words;

                    Words(List<String> words) {
                        this.words = words;
                    }

                    @Override
                    protected Integer compute() {
                        if (words.size() < 10) {
                            return words.size();
                        }
                        int mid = words.size() / 2;
                        Words left = new Words(new ArrayList<>(words.subList(0, mid)));
                        Words right = new Words(new ArrayList<>(words.subList(mid, words.size())));
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """;
        RewriteTester.Result result = RewriteTester.rewrite(dir, Map.of("p/Words.java", before), "copy-on-fork", false);
        assertEquals(before, result.text("p/Words.java"));
        Fix fix = result.plans().get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("no construction of Words with a whole list was found"), fix.why());
    }

    private static String withoutArraysImport(String text) {
        return text.replaceFirst("import java\\.util\\.Arrays;\\r?\\n", "");
    }

    /** Every line before the first and after the last changed line is byte-identical. */
    private static void assertUntouchedOutside(String before, String after, String firstChangedAfter, String firstUnchangedAfter) {
        String[] b = before.split("\n", -1);
        String[] a = after.split("\n", -1);
        int prefix = 0;
        while (prefix < Math.min(a.length, b.length) && a[prefix].equals(b[prefix])) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < Math.min(a.length, b.length) - prefix && a[a.length - 1 - suffix].equals(b[b.length - 1 - suffix])) {
            suffix++;
        }
        assertTrue(b[prefix - 1].contains(firstChangedAfter), "unchanged up to the field: " + b[prefix - 1]);
        assertTrue(b[b.length - suffix].contains(firstUnchangedAfter), "unchanged from the fork on: " + b[b.length - suffix]);
    }

    static String tabs(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            int spaces = 0;
            while (spaces < line.length() && line.charAt(spaces) == ' ') {
                spaces++;
            }
            out.append("\t".repeat(spaces / 4)).append(line.substring(spaces - spaces % 4)).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }
}
