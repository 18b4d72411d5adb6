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

class SharedOutputArrayRewriteTest {

    private static final String RULE = "copy-on-join";
    private static final String FILE = "p/Squares.java";

    @TempDir
    Path tempDir;

    /** Squares of a range, concatenated with two System.arraycopy calls at every level. */
    static final String SQUARES_BEFORE = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Squares extends RecursiveTask<long[]> {
                static final int THRESHOLD = 4;

                private final int[] values;
                private final int from;
                private final int to;

                Squares(int[] values, int from, int to) {
                    this.values = values;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected long[] compute() {
                    if (to - from <= THRESHOLD) {
                        long[] squares = new long[to - from];
                        for (int i = from; i < to; i++) {
                            squares[i - from] = (long) values[i] * values[i];
                        }
                        return squares;
                    }
                    int mid = (from + to) >>> 1;
                    Squares left = new Squares(values, from, mid);
                    Squares right = new Squares(values, mid, to);
                    left.fork();
                    long[] rightPart = right.compute();
                    long[] leftPart = left.join(); // the left half first
                    long[] joined = new long[leftPart.length + rightPart.length];
                    System.arraycopy(leftPart, 0, joined, 0, leftPart.length);
                    System.arraycopy(rightPart, 0, joined, leftPart.length, rightPart.length);
                    return joined;
                }

                static String run(int[] values) {
                    long[] all = ForkJoinPool.commonPool().invoke(new Squares(values, 0, values.length));
                    long[] tail = ForkJoinPool.commonPool().invoke(new Squares(values, values.length / 3, values.length));
                    return java.util.Arrays.toString(all) + java.util.Arrays.toString(tail);
                }
            }
            """;

    static final String SQUARES_AFTER = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Squares extends RecursiveTask<long[]> {
                static final int THRESHOLD = 4;

                private final int[] values;
                private final int from;
                private final int to;
                private long[] out;
                private int origin;

                Squares(int[] values, int from, int to) {
                    this.values = values;
                    this.from = from;
                    this.to = to;
                }

                private Squares(int[] values, int from, int to, long[] out, int origin) {
                    this(values, from, to);
                    this.out = out;
                    this.origin = origin;
                }

                @Override
                protected long[] compute() {
                    long[] out = this.out == null ? new long[to - from] : this.out;
                    int origin = this.out == null ? from : this.origin;
                    if (to - from <= THRESHOLD) {
                        long[] squares = new long[to - from];
                        for (int i = from; i < to; i++) {
                            squares[i - from] = (long) values[i] * values[i];
                        }
                        System.arraycopy(squares, 0, out, from - origin, squares.length);
                        return out;
                    }
                    int mid = (from + to) >>> 1;
                    Squares left = new Squares(values, from, mid, out, origin);
                    Squares right = new Squares(values, mid, to, out, origin);
                    left.fork();
                    right.compute();
                    left.join(); // the left half first
                    return out;
                }

                static String run(int[] values) {
                    long[] all = ForkJoinPool.commonPool().invoke(new Squares(values, 0, values.length));
                    long[] tail = ForkJoinPool.commonPool().invoke(new Squares(values, values.length / 3, values.length));
                    return java.util.Arrays.toString(all) + java.util.Arrays.toString(tail);
                }
            }
            """;

    /** Strings of a range through Arrays.copyOf, invokeAll, this.-qualified bounds and a midpoint without >>>. */
    static final String LABELS_BEFORE = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.ForkJoinTask;
            import java.util.concurrent.RecursiveTask;

            class Labels extends RecursiveTask<String[]> {
                private final int from, to;
                private final String prefix;
                private final int[] out;

                Labels(String prefix, int from, int to) {
                    this.prefix = prefix;
                    this.from = from;
                    this.to = to;
                    this.out = null;
                }

                @Override
                protected String[] compute() {
                    if (this.to - this.from < 3) {
                        String[] labels = new String[this.to - this.from];
                        for (int k = 0; k < labels.length; k++) {
                            labels[k] = prefix + (from + k);
                        }
                        return labels;
                    }
                    int half = from + (to - from) / 2;
                    Labels first = new Labels(prefix, from, half);
                    Labels second = new Labels(prefix, half, to);
                    ForkJoinTask.invokeAll(first, second);
                    String[] a = first.join();
                    String[] b = second.join();
                    String[] both = Arrays.copyOf(a, a.length + b.length);
                    System.arraycopy(b, 0, both, a.length, b.length);
                    return both;
                }

                static String run(int[] values) {
                    String[] all = ForkJoinPool.commonPool().invoke(new Labels("v", 0, values.length));
                    String[] tail = ForkJoinPool.commonPool().invoke(new Labels("w", values.length / 2, values.length));
                    return Arrays.toString(all) + Arrays.toString(tail) + all.getClass();
                }
            }
            """;

    static final String LABELS_AFTER = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.ForkJoinTask;
            import java.util.concurrent.RecursiveTask;

            class Labels extends RecursiveTask<String[]> {
                private final int from, to;
                private String[] output;
                private int origin;
                private final String prefix;
                private final int[] out;

                Labels(String prefix, int from, int to) {
                    this.prefix = prefix;
                    this.from = from;
                    this.to = to;
                    this.out = null;
                }

                private Labels(String prefix, int from, int to, String[] output, int origin) {
                    this(prefix, from, to);
                    this.output = output;
                    this.origin = origin;
                }

                @Override
                protected String[] compute() {
                    String[] output = this.output == null ? new String[this.to - this.from] : this.output;
                    int origin = this.output == null ? this.from : this.origin;
                    if (this.to - this.from < 3) {
                        String[] labels = new String[this.to - this.from];
                        for (int k = 0; k < labels.length; k++) {
                            labels[k] = prefix + (from + k);
                        }
                        System.arraycopy(labels, 0, output, this.from - origin, labels.length);
                        return output;
                    }
                    int half = from + (to - from) / 2;
                    Labels first = new Labels(prefix, from, half, output, origin);
                    Labels second = new Labels(prefix, half, to, output, origin);
                    ForkJoinTask.invokeAll(first, second);
                    first.join();
                    second.join();
                    return output;
                }

                static String run(int[] values) {
                    String[] all = ForkJoinPool.commonPool().invoke(new Labels("v", 0, values.length));
                    String[] tail = ForkJoinPool.commonPool().invoke(new Labels("w", values.length / 2, values.length));
                    return Arrays.toString(all) + Arrays.toString(tail) + all.getClass();
                }
            }
            """;

    private String rewrite(String file, String before) {
        String after = RewriteTester.rewrite(tempDir.resolve("first"), Map.of(file, before), RULE, false).text(file);
        assertTrue(RewriteTester.parses(after), after);
        RewriteTester.Result again = RewriteTester.rewrite(tempDir.resolve("second"), Map.of(file, after), RULE, false);
        assertEquals(after, again.text(file), "idempotent");
        assertTrue(again.plans().stream().allMatch(p -> p.plan().fixes().stream().noneMatch(f -> f.safety() == Safety.SAFE)));
        return after;
    }

    private List<Refactorings.Planned> plans(String before) {
        return RewriteTester.rewrite(tempDir.resolve("plan"), Map.of(FILE, before), RULE, false).plans();
    }

    @Test
    void arraycopyConcatenationBecomesWritesIntoTheRootsOutput() {
        assertEquals(SQUARES_AFTER, rewrite(FILE, SQUARES_BEFORE));
        List<Refactorings.Planned> plans = plans(SQUARES_BEFORE);
        assertEquals(2, plans.size(), "both copies are findings");
        Fix left = plans.get(0).plan().fixes().get(0);
        Fix right = plans.get(1).plan().fixes().get(0);
        assertEquals(Safety.SAFE, left.safety());
        assertEquals(left.edits(), right.edits(), "either finding's fix rewrites the whole merge");
    }

    @Test
    void copyOfConcatenationWithInvokeAllAndQualifiedBoundsAvoidsTakenNames() {
        assertEquals(LABELS_AFTER, rewrite("p/Labels.java", LABELS_BEFORE));
    }

    @Test
    void arraysImportGoesWithItsLastMention() {
        String before = LABELS_BEFORE.replace("return Arrays.toString(all) + Arrays.toString(tail) + all.getClass();",
                "return java.util.List.of(all).toString() + java.util.List.of(tail) + all.getClass();");
        String expected = LABELS_AFTER.replace("return Arrays.toString(all) + Arrays.toString(tail) + all.getClass();",
                "return java.util.List.of(all).toString() + java.util.List.of(tail) + all.getClass();")
                .replace("import java.util.Arrays;\n", "");
        assertEquals(expected, rewrite("p/Labels.java", before));
        String mentioned = before.replace("class Labels", "/** Not Arrays.asList: a fresh array per level. */\nclass Labels");
        assertTrue(rewrite("p/Labels.java", mentioned).contains("import java.util.Arrays;\n"),
                "a mention the model may not show (here a comment) keeps the import");
    }

    @Test
    void crlfAndTabsAreKept() {
        String before = tabs(SQUARES_BEFORE).replace("\n", "\r\n");
        String after = rewrite(FILE, before);
        assertEquals(tabs(SQUARES_AFTER).replace("\n", "\r\n"), after);
        assertFalse(after.replace("\r\n", "").contains("\n"), "no bare LF");
    }

    @Test
    void filterWhoseSizeIsUnknownIsNotThisRewrites() {
        List<Refactorings.Planned> plans = RewriteTester.rewrite(tempDir.resolve("filter"),
                Map.of("p/Evens.java", ConcatOnceAtRootRewriteTest.EVENS_BEFORE), RULE, false).plans();
        assertEquals(2, plans.size());
        for (Refactorings.Planned planned : plans) {
            assertTrue(planned.plan().fixes().stream().noneMatch(f -> f.title().startsWith("Write the subtasks'")),
                    planned.plan().toString());
        }
        String shared = ConcatOnceAtRootRewriteTest.EVENS_BEFORE.replace("return Arrays.copyOf(squares, count);",
                "return SEEN;").replace("    static final int THRESHOLD = 4;\n",
                "    static final int THRESHOLD = 4;\n    static final long[] SEEN = {};\n");
        List<Refactorings.Planned> manual = RewriteTester.rewrite(tempDir.resolve("manual"),
                Map.of("p/Evens.java", shared), RULE, false).plans();
        assertTrue(manual.stream().allMatch(p -> p.plan().fixes().stream().allMatch(f -> f.safety() == Safety.REVIEW)));
    }

    @Test
    void rightResultFirstIsNotTheShape() {
        String before = SQUARES_BEFORE
                .replace("System.arraycopy(leftPart, 0, joined, 0, leftPart.length);",
                        "System.arraycopy(leftPart, 0, joined, rightPart.length, leftPart.length);")
                .replace("System.arraycopy(rightPart, 0, joined, leftPart.length, rightPart.length);",
                        "System.arraycopy(rightPart, 0, joined, 0, rightPart.length);");
        assertEquals(before, rewrite(FILE, before));
        assertTrue(plans(before).stream().allMatch(p -> p.plan().isManual()
                && p.plan().manualReason().contains("concatenate left's then right's")));
    }

    @Test
    void subtasksAreToldApartByTheirRangesNotTheirNames() {
        String swapped = SQUARES_BEFORE
                .replace("Squares left = new Squares(values, from, mid);", "Squares left = new Squares(values, mid, to);")
                .replace("Squares right = new Squares(values, mid, to);", "Squares right = new Squares(values, from, mid);");
        assertEquals(swapped, rewrite(FILE, swapped), "the upper half first is not a concatenation in range order");
        assertTrue(plans(swapped).stream().allMatch(p -> p.plan().isManual()));

        String renamed = swapped
                .replace("System.arraycopy(leftPart, 0, joined, 0, leftPart.length);",
                        "System.arraycopy(rightPart, 0, joined, 0, rightPart.length);")
                .replace("System.arraycopy(rightPart, 0, joined, leftPart.length, rightPart.length);",
                        "System.arraycopy(leftPart, 0, joined, rightPart.length, leftPart.length);")
                .replace("new long[leftPart.length + rightPart.length]", "new long[rightPart.length + leftPart.length]");
        String after = rewrite(FILE, renamed);
        assertTrue(after.contains("Squares left = new Squares(values, mid, to, out, origin);")
                && after.contains("Squares right = new Squares(values, from, mid, out, origin);"), after);
    }

    @Test
    void earlyReturnInTheLeafIsNotTheShape() {
        String before = SQUARES_BEFORE.replace("            long[] squares = new long[to - from];\n",
                "            long[] squares = new long[to - from];\n            if (values.length == 0) {\n"
                        + "                return squares;\n            }\n");
        assertTrue(before.contains("values.length == 0"));
        assertEquals(before, rewrite(FILE, before));
        assertTrue(plans(before).stream().allMatch(p -> p.plan().isManual()
                && p.plan().manualReason().contains("only return")));
    }

    @Test
    void childResultReadOutsideTheConcatenationIsNotTheShape() {
        String before = SQUARES_BEFORE.replace("        return joined;\n",
                "        joined[0] += leftPart.length;\n        return joined;\n");
        assertTrue(before.contains("joined[0] += "));
        assertEquals(before, rewrite(FILE, before));
        assertTrue(plans(before).stream().allMatch(p -> p.plan().isManual()));
    }

    @Test
    void rangeFieldsThatAreNotFinalAreNotTheShape() {
        String before = SQUARES_BEFORE.replace("private final int from;", "private int from;");
        assertEquals(before, rewrite(FILE, before));
        assertTrue(plans(before).stream().allMatch(p -> p.plan().isManual()
                && p.plan().manualReason().contains("`to - from <= C`")));
    }

    @Test
    void negativeThresholdIsNotTheShape() {
        String before = SQUARES_BEFORE.replace("static final int THRESHOLD = 4;", "static final int THRESHOLD = -4;");
        assertEquals(before, rewrite(FILE, before));
        assertTrue(plans(before).stream().allMatch(p -> p.plan().isManual()));
    }

    @Test
    void leafArrayHandedToOtherCodeNeedsReview() {
        String before = SQUARES_BEFORE.replace("            return squares;\n",
                "            java.util.Arrays.sort(squares);\n            return squares;\n");
        assertEquals(before, rewrite(FILE, before));
        Fix fix = plans(before).get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("handed to other code (line 26)"), fix.why());
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

    /** The private twin of a documented constructor is documented too, with its new parameters. */
    @Test
    void theTwinOfADocumentedConstructorDocumentsItsNewParameters() {
        String doc = """
                    /**
                     * Squares of {@code values[from, to)}.
                     *
                     * @param values the values
                     * @param from   the first index
                     * @param to     the index after the last
                     */
                """;
        String constructor = "    Squares(int[] values, int from, int to) {\n";
        String twin = "    private Squares(int[] values, int from, int to, long[] out, int origin) {\n";
        RewriteTester.of(SharedOutputArrayRewrite.class)
                .before("p/Squares.java", RewriteTester.replaceOnce(SQUARES_BEFORE,
                        constructor, doc + constructor))
                .after("p/Squares.java", RewriteTester.replaceOnce(RewriteTester.replaceOnce(
                        SQUARES_AFTER, constructor, doc + constructor), twin,
                        doc.replace("the index after the last\n", """
                                the index after the last
                                     * @param out the root task's result, which every leaf writes its elements into (null in the root)
                                     * @param origin the root task's start of the range
                                """) + twin)).check();
    }
}
