package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Before/after tests of the FJ2 index-range rewrite over {@code List} fields. */
class ListRangeRewriteTest {

    /** A generic RecursiveTask copying both halves (new ArrayList of a subList through a local, List.copyOf). */
    static final String MAX_BEFORE = """
            package p;

            import java.util.ArrayList;
            import java.util.Comparator;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            public class Longest {
                static final class MaxOf<T> extends RecursiveTask<T> {
                    private final List<T> items;
                    private final Comparator<? super T> order;

                    MaxOf(List<T> items, Comparator<? super T> order) {
                        this.items = items;
                        this.order = order;
                    }

                    @Override
                    protected T compute() {
                        if (items.size() <= 3) {
                            T best = null;
                            for (T item : items) {
                                if (best == null || order.compare(item, best) > 0) {
                                    best = item;
                                }
                            }
                            return best;
                        }
                        int mid = items.size() / 2;
                        List<T> head = new ArrayList<>(items.subList(0, mid)); // the first half
                        MaxOf<T> left = new MaxOf<>(head, order);
                        MaxOf<T> right = new MaxOf<>(List.copyOf(items.subList(mid, items.size())), order);
                        left.fork();
                        T r = right.compute();
                        T l = left.join();
                        return l == null || r != null && order.compare(r, l) > 0 ? r : l;
                    }
                }

                public static Integer run(int length) {
                    List<Integer> values = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        values.add((i * 37 + 5) % 101);
                    }
                    return ForkJoinPool.commonPool().invoke(new MaxOf<>(values, Comparator.naturalOrder()));
                }
            }
            """;

    static final String MAX_AFTER = """
            package p;

            import java.util.ArrayList;
            import java.util.Comparator;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            public class Longest {
                static final class MaxOf<T> extends RecursiveTask<T> {
                    private final List<T> items;
                    private final int from;
                    private final int to;
                    private final Comparator<? super T> order;

                    MaxOf(List<T> items, Comparator<? super T> order) {
                        this(items, 0, items.size(), order);
                    }

                    MaxOf(List<T> items, int from, int to, Comparator<? super T> order) {
                        this.items = items;
                        this.from = from;
                        this.to = to;
                        this.order = order;
                    }

                    @Override
                    protected T compute() {
                        if (to - from <= 3) {
                            T best = null;
                            for (int i = from; i < to; i++) {
                                T item = items.get(i);
                                if (best == null || order.compare(item, best) > 0) {
                                    best = item;
                                }
                            }
                            return best;
                        }
                        int mid = (from + to) >>> 1;
                        MaxOf<T> left = new MaxOf<>(items, from, mid, order);
                        MaxOf<T> right = new MaxOf<>(items, mid, to, order);
                        left.fork();
                        T r = right.compute();
                        T l = left.join();
                        return l == null || r != null && order.compare(r, l) > 0 ? r : l;
                    }
                }

                public static Integer run(int length) {
                    List<Integer> values = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        values.add((i * 37 + 5) % 101);
                    }
                    return ForkJoinPool.commonPool().invoke(new MaxOf<>(values, Comparator.naturalOrder()));
                }
            }
            """;

    /** A RecursiveAction updating its list in place through subList views (no finding by itself). */
    static final String SCALE_BEFORE = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;

            public class Scale {
                static final class Doubler extends RecursiveAction {
                    private final List<Long> values;

                    Doubler(List<Long> values) {
                        this.values = values;
                    }

                    @Override
                    protected void compute() {
                        if (values.isEmpty()) {
                            return;
                        }
                        if (values.size() <= 2) {
                            for (int i = 0; i < values.size(); i++) {
                                values.set(i, values.get(i) * 2 + i);
                            }
                            return;
                        }
                        int half = values.size() >>> 1;
                        invokeAll(new Doubler(values.subList(0, half)), new Doubler(values.subList(half, values.size())));
                    }
                }

                public static List<Long> run(int length) {
                    List<Long> values = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        values.add((long) i * 7 % 13);
                    }
                    ForkJoinPool.commonPool().invoke(new Doubler(values));
                    return values;
                }
            }
            """;

    /** Wildcard element type, a read-only helper, and a list that comes from a caller's parameter. */
    static final String TOTAL_BEFORE = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Total extends RecursiveTask<Double> {
                private final List<? extends Number> numbers;

                Total(List<? extends Number> numbers) {
                    this.numbers = numbers;
                }

                @Override
                protected Double compute() {
                    if (numbers.size() < 4) {
                        return sum(numbers);
                    }
                    int mid = numbers.size() / 2;
                    Total left = new Total(new ArrayList<>(numbers.subList(0, mid)));
                    left.fork();
                    return new Total(new ArrayList<>(numbers.subList(mid, numbers.size()))).compute() + left.join();
                }

                private static double sum(List<? extends Number> part) {
                    double total = 0;
                    for (Number n : part) {
                        total += n.doubleValue();
                    }
                    return total;
                }

                static double run(List<Integer> input) {
                    return new Total(input).invoke();
                }
            }
            """;

    static final String TOTAL_AFTER = """
            package p;

            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Total extends RecursiveTask<Double> {
                private final List<? extends Number> numbers;
                private final int from;
                private final int to;

                Total(List<? extends Number> numbers) {
                    this(numbers, 0, numbers.size());
                }

                Total(List<? extends Number> numbers, int from, int to) {
                    this.numbers = numbers;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected Double compute() {
                    if (to - from < 4) {
                        return sum(numbers.subList(from, to));
                    }
                    int mid = (from + to) >>> 1;
                    Total left = new Total(numbers, from, mid);
                    left.fork();
                    return new Total(numbers, mid, to).compute() + left.join();
                }

                private static double sum(List<? extends Number> part) {
                    double total = 0;
                    for (Number n : part) {
                        total += n.doubleValue();
                    }
                    return total;
                }

                static double run(List<Integer> input) {
                    return new Total(input).invoke();
                }
            }
            """;

    /**
     * A Guava Lists.partition loop handing each part to a subtask, next to a binary split that copies: the parts
     * are views (no finding), rewritten with the copies of the same list.
     */
    static final String PARTS_BEFORE = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            import com.google.common.collect.Lists;

            public class Parts {
                static final class Count extends RecursiveTask<Long> {
                    private final List<String> words;

                    Count(List<String> words) {
                        this.words = words;
                    }

                    @Override
                    protected Long compute() {
                        int n = words.size();
                        if (n <= 3) {
                            long count = 0;
                            for (String word : words) {
                                count += word.length();
                            }
                            return count;
                        }
                        if (n <= 9) {
                            int mid = words.size() / 2;
                            Count left = new Count(new ArrayList<>(words.subList(0, mid)));
                            left.fork();
                            return new Count(new ArrayList<>(words.subList(mid, words.size()))).compute() + left.join();
                        }
                        List<Count> parts = new ArrayList<>();
                        for (List<String> part : Lists.partition(words, (n + 2) / 3)) {
                            parts.add(new Count(part));
                        }
                        invokeAll(parts);
                        long total = 0;
                        for (Count part : parts) {
                            total += part.join();
                        }
                        return total;
                    }
                }

                public static long run(int length) {
                    List<String> words = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        words.add("w" + i * i);
                    }
                    return ForkJoinPool.commonPool().invoke(new Count(words));
                }
            }
            """;

    static final String PARTS_AFTER = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            public class Parts {
                static final class Count extends RecursiveTask<Long> {
                    private final List<String> words;
                    private final int from;
                    private final int to;

                    Count(List<String> words) {
                        this(words, 0, words.size());
                    }

                    Count(List<String> words, int from, int to) {
                        this.words = words;
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected Long compute() {
                        int n = to - from;
                        if (n <= 3) {
                            long count = 0;
                            for (int i = from; i < to; i++) {
                                String word = words.get(i);
                                count += word.length();
                            }
                            return count;
                        }
                        if (n <= 9) {
                            int mid = (from + to) >>> 1;
                            Count left = new Count(words, from, mid);
                            left.fork();
                            return new Count(words, mid, to).compute() + left.join();
                        }
                        List<Count> parts = new ArrayList<>();
                        for (int start = from, step = (n + 2) / 3; start < to; start += step) {
                            parts.add(new Count(words, start, start + Math.min(step, to - start)));
                        }
                        invokeAll(parts);
                        long total = 0;
                        for (Count part : parts) {
                            total += part.join();
                        }
                        return total;
                    }
                }

                public static long run(int length) {
                    List<String> words = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        words.add("w" + i * i);
                    }
                    return ForkJoinPool.commonPool().invoke(new Count(words));
                }
            }
            """;

    @TempDir
    Path dir;

    private RewriteTester.Result rewrite(String file, String before, boolean includeReview) {
        return RewriteTester.rewrite(dir.resolve("r" + before.hashCode() + includeReview), Map.of(file, before),
                "copy-on-fork", includeReview);
    }

    private static Fix onlyFix(RewriteTester.Result result) {
        assertFalse(result.plans().isEmpty());
        Fix fix = result.plans().get(0).plan().fixes().get(0);
        for (var planned : result.plans()) {
            assertEquals(fix.safety(), planned.plan().fixes().get(0).safety(), "every finding of the class gets the same fix");
        }
        return fix;
    }

    @Test
    void genericCopiesOfSubListsBecomeIndexRanges() {
        RewriteTester.Result result = rewrite("p/Longest.java", MAX_BEFORE, false);
        assertEquals(MAX_AFTER, result.text("p/Longest.java"));
        assertTrue(RewriteTester.parses(MAX_AFTER));
        Fix fix = onlyFix(result);
        assertEquals(Safety.SAFE, fix.safety(), fix.why());
        assertTrue(fix.why().contains("new random-access list that nothing else can change"), fix.why());
        assertEquals(2, result.plans().size());
        assertEquals(1, result.patch().applied().size());
    }

    /** {@link #MAX_BEFORE} with its slices made by a static helper that only copies. */
    static String maxThroughHelper() {
        return MAX_BEFORE.replace("new ArrayList<>(items.subList(0, mid))", "copy(items, 0, mid)")
                .replace("List.copyOf(items.subList(mid, items.size()))", "copy(items, mid, items.size())")
                .replace("    public static Integer run", "    static <T> List<T> copy(List<T> list, int from, int to) {\n"
                        + "        return new ArrayList<>(list.subList(from, to));\n    }\n\n    public static Integer run");
    }

    @Test
    void helperThatOnlyCopiesASubListIsReadThrough() {
        String before = maxThroughHelper();
        RewriteTester.Result result = rewrite("p/Longest.java", before, false);
        String expected = MAX_AFTER.replace("    public static Integer run", "    static <T> List<T> copy(List<T> list, int from, int to) {\n"
                + "        return new ArrayList<>(list.subList(from, to));\n    }\n\n    public static Integer run");
        assertEquals(expected, result.text("p/Longest.java"));
        assertEquals(Safety.SAFE, onlyFix(result).safety());

        String reversing = before.replace("return new ArrayList<>(list.subList(from, to));",
                "List<T> out = new ArrayList<>(list.subList(from, to));\n        java.util.Collections.reverse(out);\n        return out;");
        RewriteTester.Result manual = rewrite("p/Longest.java", reversing, true);
        assertEquals(reversing, manual.text("p/Longest.java"));
        String reason = manual.plans().get(0).plan().manualReason();
        assertTrue(reason.contains("copied inside helper Longest.copy(), whose body is not just a slice copy"), reason);
    }

    /** {@link #MAX_BEFORE} with its halves collected from skip/limit streams. */
    static String maxThroughStreams(String collector) {
        return MAX_BEFORE.replace("new ArrayList<>(items.subList(0, mid))", "items.stream().limit(mid)." + collector)
                .replace("List.copyOf(items.subList(mid, items.size()))", "items.stream().skip(mid)." + collector);
    }

    @Test
    void skipAndLimitStreamSlicesBecomeIndexRanges() {
        RewriteTester.Result result = rewrite("p/Longest.java", maxThroughStreams("toList()"), false);
        assertEquals(MAX_AFTER, result.text("p/Longest.java"));
        assertEquals(Safety.SAFE, onlyFix(result).safety());
        // toUnmodifiableList rejects nulls like List.copyOf; toList() keeps them.
        String nulls = "values.add(i % 3 == 0 ? null : i);";
        String unmodifiable = maxThroughStreams("collect(java.util.stream.Collectors.toUnmodifiableList())")
                .replace("values.add((i * 37 + 5) % 101);", nulls);
        assertEquals(Safety.REVIEW, onlyFix(rewrite("p/Longest.java", unmodifiable, false)).safety());
        String keepsNulls = maxThroughStreams("toList()").replace("values.add((i * 37 + 5) % 101);", nulls);
        assertEquals(Safety.SAFE, onlyFix(rewrite("p/Longest.java", keepsNulls, false)).safety());
    }

    @Test
    void listsPartitionLoopBecomesAnIndexLoopForReview() {
        RewriteTester.Result safeOnly = rewrite("p/Parts.java", PARTS_BEFORE, false);
        assertEquals(PARTS_BEFORE, safeOnly.text("p/Parts.java"));
        Fix fix = onlyFix(safeOnly);
        assertEquals(Safety.REVIEW, fix.safety());
        assertEquals("Review: the Lists.partition loop at line 35 becomes an index loop that assumes a positive part size"
                + " not near Integer.MAX_VALUE (Lists.partition throws IllegalArgumentException for a size <= 0, where the"
                + " loop would not end).", fix.why().substring(fix.why().indexOf("Review: ")));
        assertEquals(PARTS_AFTER, rewrite("p/Parts.java", PARTS_BEFORE, true).text("p/Parts.java"));
    }

    @Test
    void listFromAnUnknownCallerIsOnlyOfferedForReview() {
        RewriteTester.Result safeOnly = rewrite("p/Total.java", TOTAL_BEFORE, false);
        assertEquals(TOTAL_BEFORE, safeOnly.text("p/Total.java"));
        Fix fix = onlyFix(safeOnly);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("`input` at line 34 is not known to be a random-access list"), fix.why());
        assertTrue(fix.why().contains("comes from code fjdoctor does not follow"), fix.why());
        assertEquals(TOTAL_AFTER, rewrite("p/Total.java", TOTAL_BEFORE, true).text("p/Total.java"));
    }

    @Test
    void linkedListOriginIsOnlyOfferedForReview() {
        String before = MAX_BEFORE.replace("List<Integer> values = new ArrayList<>();",
                "List<Integer> values = new java.util.LinkedList<>();");
        Fix fix = onlyFix(rewrite("p/Longest.java", before, false));
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("`new java.util.LinkedList<>()` at line 42 is not a random-access list"), fix.why());
    }

    @Test
    void arraysAsListOfAnArrayOthersHoldIsOnlyOfferedForReview() {
        String before = MAX_BEFORE.replace("List<Integer> values = new ArrayList<>();",
                "Integer[] raw = new Integer[length];\n        List<Integer> values = java.util.Arrays.asList(raw);");
        Fix fix = onlyFix(rewrite("p/Longest.java", before, false));
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("`values` at line 47 comes from code fjdoctor does not follow"), fix.why());
        String varargs = MAX_BEFORE.replace("List<Integer> values = new ArrayList<>();",
                "List<Integer> values = java.util.Arrays.asList(3, 1, 2);").replace("values.add((i * 37 + 5) % 101);", "");
        Fix fresh = onlyFix(rewrite("p/Longest.java", varargs, false));
        assertEquals(Safety.SAFE, fresh.safety(), fresh.why());
    }

    @Test
    void listTheCallerMayChangeWhileTheTasksRunIsOnlyOfferedForReview() {
        String submitted = MAX_BEFORE.replace("return ForkJoinPool.commonPool().invoke(new MaxOf<>(values, Comparator.naturalOrder()));",
                "var task = ForkJoinPool.commonPool().submit(new MaxOf<>(values, Comparator.naturalOrder()));\n"
                        + "        values.clear();\n        return task.join();");
        Fix fix = onlyFix(rewrite("p/Longest.java", submitted, false));
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("is not run to completion right there"), fix.why());

        String escaping = MAX_BEFORE.replace("return ForkJoinPool", "kept = values;\n        return ForkJoinPool")
                .replace("public static Integer run", "static List<Integer> kept;\n\n    public static Integer run");
        Fix escaped = onlyFix(rewrite("p/Longest.java", escaping, false));
        assertEquals(Safety.REVIEW, escaped.safety());
        assertTrue(escaped.why().contains("`values` escapes at line 48 (`kept = values;`)"), escaped.why());
    }

    @Test
    void possiblyNullElementsBehindListCopyOfAreOnlyOfferedForReview() {
        String before = MAX_BEFORE.replace("values.add((i * 37 + 5) % 101);", "values.add(i % 3 == 0 ? null : i);");
        Fix fix = onlyFix(rewrite("p/Longest.java", before, false));
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("may store null"), fix.why());
        // new ArrayList<>(..) copies accept null, so without List.copyOf the same list is fine.
        String noCopyOf = before.replace("List.copyOf(items.subList(mid, items.size()))", "items.subList(mid, items.size())");
        Fix withoutCopyOf = onlyFix(rewrite("p/Longest.java", noCopyOf, false));
        assertEquals(Safety.SAFE, withoutCopyOf.safety(), withoutCopyOf.why());
    }

    @Test
    void untranslatableUsesAreManualWithTheirReason() {
        Map<String, String> cases = Map.of(
                "numbers.clear();", "changes `numbers` with `numbers.clear();` at line 19",
                "numbers.stream().count();", "calls `numbers.stream()` at line 19, which has no index-range translation",
                "numbers.iterator();", "calls `numbers.iterator();` at line 19",
                "keep(numbers);", "passes `numbers` to keep(..) at line 19, which may change it or keep it");
        for (Map.Entry<String, String> use : cases.entrySet()) {
            String before = TOTAL_BEFORE.replace("int mid = numbers.size() / 2;", use.getKey() + "\n        int mid = numbers.size() / 2;")
                    .replace("static double run", "static void keep(List<? extends Number> kept) {\n        kept.clear();\n    }\n\n    static double run");
            RewriteTester.Result result = rewrite("p/Total.java", before, true);
            assertEquals(before, result.text("p/Total.java"), use.getKey());
            String reason = result.plans().get(0).plan().manualReason();
            assertTrue(reason != null && reason.contains(use.getValue()), use.getKey() + ": " + reason);
        }
    }

    @Test
    void setThroughACopyIsAWrite() {
        String before = SCALE_BEFORE.replace("new Doubler(values.subList(0, half))", "new Doubler(new ArrayList<>(values.subList(0, half)))");
        RewriteTester.Result result = rewrite("p/Scale.java", before, true);
        assertEquals(before, result.text("p/Scale.java"));
        String reason = result.plans().get(0).plan().manualReason();
        assertTrue(reason.contains("changes `values` with `values.set(i, values.get(i) * 2 + i);` at line 23"), reason);
    }

    @Test
    void rewriteIsIdempotent() {
        for (String[] pair : List.of(new String[] {"p/Longest.java", MAX_AFTER},
                new String[] {"p/Total.java", TOTAL_AFTER}, new String[] {"p/Parts.java", PARTS_AFTER})) {
            RewriteTester.Result again = rewrite(pair[0], pair[1], true);
            assertEquals(pair[1], again.text(pair[0]));
            assertTrue(again.plans().isEmpty(), "the findings are gone");
        }
    }

    @Test
    void crlfAndTabsAreKept() {
        String crlf = rewrite("p/Longest.java", MAX_BEFORE.replace("\n", "\r\n"), false).text("p/Longest.java");
        assertEquals(MAX_AFTER.replace("\n", "\r\n"), crlf);
        assertFalse(crlf.replace("\r\n", "").contains("\n"), "no bare LF");
        String tabs = rewrite("p/Longest.java", IndexRangeRewriteTest.tabs(MAX_BEFORE), false).text("p/Longest.java");
        assertEquals(IndexRangeRewriteTest.tabs(MAX_AFTER), tabs);
    }

    @Test
    void untouchedLinesStayByteIdentical() {
        String after = rewrite("p/Longest.java", MAX_BEFORE, false).text("p/Longest.java");
        List<String> kept = List.of(MAX_BEFORE.split("\n", -1)).stream()
                .filter(line -> !line.contains("items") && !line.contains("mid") && !line.contains("head")).toList();
        String[] afterLines = after.split("\n", -1);
        int at = 0;
        for (String line : kept) {
            while (at < afterLines.length && !afterLines[at].equals(line)) {
                at++;
            }
            assertTrue(at < afterLines.length, "kept in order: " + line);
            at++;
        }
    }
}
