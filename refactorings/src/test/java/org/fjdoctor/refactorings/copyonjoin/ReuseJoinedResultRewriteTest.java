package org.fjdoctor.refactorings.copyonjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

class ReuseJoinedResultRewriteTest {

    private static final String RULE = "copy-on-join";
    private static final String FILE = "p/Evens.java";

    @TempDir
    Path tempDir;

    private static final String TEMPLATE = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Evens extends RecursiveTask<List<Integer>> {
                private final int from;
                private final int to;

                Evens(int from, int to) {
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected List<Integer> compute() {
                    if (to - from <= 100) {
                        List<Integer> kept = new ArrayList<>();
                        for (int n = from; n < to; n++) {
                            if (n % 2 == 0) {
                                kept.add(n);
                            }
                        }
                        return kept;
                    }
                    int mid = (from + to) >>> 1;
                    Evens left = new Evens(from, mid);
                    Evens right = new Evens(mid, to);
                    left.fork();
                    List<Integer> rightKept = right.compute();
            MERGE
                }
            }
            """;

    private static final String APPEND = """
                    List<Integer> result = new ArrayList<>();
                    result.addAll(left.join()); // the left half first
                    result.addAll(rightKept);
                    return result;
            """;

    private static String source(String merge) {
        return TEMPLATE.replace("MERGE\n", merge);
    }

    private String rewrite(String before) {
        String after = RewriteTester.rewrite(tempDir.resolve("first"), Map.of(FILE, before), RULE, false).text(FILE);
        assertTrue(RewriteTester.parses(after), after);
        RewriteTester.Result again = RewriteTester.rewrite(tempDir.resolve("second"), Map.of(FILE, after), RULE, false);
        assertEquals(after, again.text(FILE), "idempotent");
        assertTrue(again.plans().stream().allMatch(p -> p.plan().fixes().stream().noneMatch(f -> f.safety() == Safety.SAFE)));
        return after;
    }

    private List<Refactorings.Planned> plans(String before) {
        return RewriteTester.rewrite(tempDir.resolve("plan"), Map.of(FILE, before), RULE, false).plans();
    }

    @Test
    void emptyCopyThenAddAllOfOwnedLeftResultBecomesTheLeftResult() {
        String before = source(APPEND);
        String after = before.replace("""
                        List<Integer> result = new ArrayList<>();
                        result.addAll(left.join()); // the left half first
                """, """
                        List<Integer> result = left.join();
                """);
        assertEquals(after, rewrite(before));
        List<Refactorings.Planned> plans = plans(before);
        assertEquals(2, plans.size());
        assertEquals(Safety.SAFE, plans.get(0).plan().fixes().get(0).safety());
        assertTrue(plans.get(1).plan().isManual(), "the right copy stays: " + plans.get(1).plan());
        assertTrue(plans.get(1).plan().manualReason().contains("shared output"));
    }

    @Test
    void copyConstructorOfOwnedLeftResultBecomesTheLeftResult() {
        String before = source("""
                        List<Integer> result = new ArrayList<>(left.join());
                        result.addAll(rightKept);
                        return result;
                """);
        assertEquals(before.replace("new ArrayList<>(left.join())", "left.join()"), rewrite(before));
    }

    @Test
    void sharedLeafResultNeedsReview() {
        String before = source(APPEND).replace("            return kept;\n",
                "            SEEN.add(kept);\n            return kept;\n")
                .replace("    private final int from;", "    static final List<List<Integer>> SEEN = new ArrayList<>();\n    private final int from;");
        assertEquals(before, rewrite(before));
        Fix fix = plans(before).get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("escape"), fix.why());
    }

    @Test
    void leftTaskJoinedTwiceNeedsReview() {
        String before = source("""
                        List<Integer> result = new ArrayList<>(left.join());
                        result.addAll(rightKept);
                        result.add(left.join().size());
                        return result;
                """);
        Fix fix = plans(before).get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("one join"), fix.why());
    }

    @Test
    void mapsAreOfferedForReviewOnly() {
        String before = """
                package p;

                import java.util.HashMap;
                import java.util.Map;
                import java.util.concurrent.RecursiveTask;

                class Evens extends RecursiveTask<Map<Integer, Integer>> {
                    final int from;
                    final int to;

                    Evens(int from, int to) {
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected Map<Integer, Integer> compute() {
                        if (to - from <= 100) {
                            Map<Integer, Integer> counts = new HashMap<>();
                            for (int n = from; n < to; n++) {
                                counts.merge(n % 7, 1, Integer::sum);
                            }
                            return counts;
                        }
                        int mid = (from + to) >>> 1;
                        Evens left = new Evens(from, mid);
                        left.fork();
                        Map<Integer, Integer> rightCounts = new Evens(mid, to).compute();
                        Map<Integer, Integer> merged = new HashMap<>();
                        merged.putAll(left.join());
                        rightCounts.forEach((k, v) -> merged.merge(k, v, Integer::sum));
                        return merged;
                    }
                }
                """;
        assertEquals(before, rewrite(before));
        Fix fix = plans(before).get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("iteration order"), fix.why());
    }

    /**
     * The most frequent real shape: the merged list is declared before the fork and the right half's
     * compute, both results appended to it. The join stays where it was; the declaration loses its copy.
     */
    @Test
    void declaredBeforeTheForkTheListTakesTheRightResultWhereItWasComputed() {
        String before = TEMPLATE.replace("""
                        left.fork();
                        List<Integer> rightKept = right.compute();
                MERGE
                """, """
                        List<Integer> result = new ArrayList<>();
                        left.fork();
                        result.addAll(right.compute());
                        result.addAll(left.join());
                        return result;
                """);
        RewriteTester.of(ReuseJoinedResultRewrite.class).before(FILE, before).after(FILE, before
                .replace("List<Integer> result = new ArrayList<>();", "List<Integer> result;")
                .replace("result.addAll(right.compute());", "result = right.compute();")).check();
    }

    private static final String WORDS = """
            package p;

            import java.util.TreeMap;
            import java.util.concurrent.RecursiveTask;

            class Words extends RecursiveTask<TreeMap<String, Integer>> {
                private final String[] words;
                private final int from;
                private final int to;

                Words(String[] words, int from, int to) {
                    this.words = words;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected TreeMap<String, Integer> compute() {
                    if (to - from <= 2) {
                        TreeMap<String, Integer> counts = LEAF;
                        for (int i = from; i < to; i++) {
                            counts.put(words[i], i);
                        }
                        return counts;
                    }
                    int mid = (from + to) >>> 1;
                    Words left = new Words(words, from, mid);
                    Words right = new Words(words, mid, to);
                    left.fork();
                    TreeMap<String, Integer> rightCounts = right.compute();
                    TreeMap<String, Integer> merged = new TreeMap<>();
                    merged.putAll(left.join());
                    merged.putAll(rightCounts);
                    return merged;
                }
            }
            """;

    /** A tree map every task creates in natural order iterates the same when the left one is reused: SAFE. */
    @Test
    void naturallyOrderedTreeMapsAreReusedSafely() {
        String before = WORDS.replace("LEAF", "new TreeMap<>()");
        RewriteTester.of(ReuseJoinedResultRewrite.class).before("p/Words.java", before).after("p/Words.java",
                RewriteTester.replaceOnce(before, """
                                TreeMap<String, Integer> merged = new TreeMap<>();
                                merged.putAll(left.join());
                        """, """
                                TreeMap<String, Integer> merged = left.join();
                        """)).check();
    }

    /** A leaf's tree map with its own comparator would order the reused map differently from the merge's own. */
    @Test
    void aTreeMapWithAComparatorNeedsReview() {
        String before = WORDS.replace("LEAF", "new TreeMap<>(java.util.Comparator.reverseOrder())");
        Fix fix = RewriteTester.rewrite(tempDir.resolve("cmp"), Map.of("p/Words.java", before), RULE, false).plans()
                .get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("comparator"), fix.why());
    }

    @Test
    void arrayConcatenationIsManual() {
        String before = """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Evens extends RecursiveTask<int[]> {
                    final int from;
                    final int to;

                    Evens(int from, int to) {
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected int[] compute() {
                        if (to - from <= 100) {
                            return new int[] {from, to};
                        }
                        int mid = (from + to) >>> 1;
                        Evens left = new Evens(from, mid);
                        left.fork();
                        int[] r = new Evens(mid, to).compute();
                        int[] l = left.join();
                        int[] all = new int[l.length + r.length];
                        System.arraycopy(l, 0, all, 0, l.length);
                        System.arraycopy(r, 0, all, l.length, r.length);
                        return all;
                    }
                }
                """;
        List<Refactorings.Planned> plans = plans(before);
        assertEquals(2, plans.size());
        assertTrue(plans.stream().allMatch(p -> p.plan().isManual() && p.plan().manualReason().contains("size up front")));
    }

    @Test
    void crlfAndTabsAreKeptAndOnlyTheMergeLinesChange() {
        for (String[] style : new String[][] {{"\r\n", "    "}, {"\n", "\t"}}) {
            String before = source(APPEND).replace("    ", style[1]).replace("\n", style[0]);
            String after = rewrite(before);
            String sep = style[0];
            String indent = style[1].repeat(2);
            assertEquals(before.replace(indent + "List<Integer> result = new ArrayList<>();" + sep
                            + indent + "result.addAll(left.join()); // the left half first" + sep,
                    indent + "List<Integer> result = left.join();" + sep), after);
            List<String> beforeLines = List.of(before.split(sep, -1));
            List<String> afterLines = List.of(after.split(sep, -1));
            assertEquals(beforeLines.stream().filter(l -> !l.contains("result = ") && !l.contains("left.join()")).toList(),
                    afterLines.stream().filter(l -> !l.contains("result = ")).toList());
        }
    }
}
