package org.fjdoctor.refactorings.intratasksync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedundantLockRemovalTest {

    @TempDir
    Path tempDir;

    static final String CANVAS = """
            package p;

            class Canvas {
                private final int[] pixels = new int[64];

                synchronized void set(int i, int rgb) {
                    pixels[i] = rgb;
                }
            }
            """;

    static final String BEFORE = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class Paint extends RecursiveAction {
                private final Canvas canvas;
                private final Object lock;
                private final int from;
                private final int to;

                Paint(Canvas canvas, Object lock, int from, int to) {
                    this.canvas = canvas;
                    this.lock = lock;
                    this.from = from;
                    this.to = to;
                }

                static void paint(Canvas canvas) {
                    new Paint(canvas, new Object(), 0, 64).invoke();
                }

                @Override
                protected void compute() {
                    if (to - from > 8) {
                        int mid = (from + to) >>> 1;
                        invokeAll(new Paint(canvas, lock, from, mid), new Paint(canvas, lock, mid, to));
                        return;
                    }
                    for (int i = from; i < to; i++) {
                        synchronized (lock) { // already safe
                            canvas.set(i,
                                    i * 3);
                        }
                    }
                }
            }
            """;

    static final String AFTER = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class Paint extends RecursiveAction {
                private final Canvas canvas;
                private final Object lock;
                private final int from;
                private final int to;

                Paint(Canvas canvas, Object lock, int from, int to) {
                    this.canvas = canvas;
                    this.lock = lock;
                    this.from = from;
                    this.to = to;
                }

                static void paint(Canvas canvas) {
                    new Paint(canvas, new Object(), 0, 64).invoke();
                }

                @Override
                protected void compute() {
                    if (to - from > 8) {
                        int mid = (from + to) >>> 1;
                        invokeAll(new Paint(canvas, lock, from, mid), new Paint(canvas, lock, mid, to));
                        return;
                    }
                    for (int i = from; i < to; i++) {
                        canvas.set(i,
                                i * 3); // already safe
                    }
                }
            }
            """;

    private RewriteTester.Result rewrite(String dir, String paint, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Paint.java", paint, "p/Canvas.java", CANVAS),
                "intra-task-sync", review);
    }

    private static Plan planAt(RewriteTester.Result result, String file) {
        return result.plans().stream().filter(p -> p.finding().location().relativePath().endsWith(file)
                && !p.finding().message().startsWith("synchronized method")).map(Refactorings.Planned::plan)
                .findFirst().orElseThrow();
    }

    @Test
    void removesALockAroundAnAlreadySynchronizedCall() {
        RewriteTester.Result result = rewrite("a", BEFORE, false);
        assertEquals(AFTER, result.text("p/Paint.java"));
        assertEquals(CANVAS, result.text("p/Canvas.java"));
        assertTrue(RewriteTester.parses(result.text("p/Paint.java")));
    }

    @Test
    void idempotent() {
        RewriteTester.Result again = rewrite("b", AFTER, false);
        assertEquals(AFTER, again.text("p/Paint.java"));
        // only the synchronized method itself is left, and it is manual
        assertEquals(1, again.plans().size());
        assertTrue(again.plans().get(0).plan().isManual());
    }

    @Test
    void lockUsedByAnotherBlockInTaskCodeIsManual() {
        String before = BEFORE.replace("            return;\n", "            synchronized (lock) {\n"
                + "                System.out.println(from);\n            }\n            return;\n");
        assertTrue(before.contains("System.out"));
        RewriteTester.Result result = rewrite("c", before, true);
        assertEquals(before, result.text("p/Paint.java"));
        assertTrue(result.plans().stream().allMatch(p -> p.plan().isManual()));
    }

    @Test
    void lockPossiblySharedInCodeLeftOutOfTheModelIsOnlyForReview() {
        // paint(..) is not task code: a focused model blanks its body, so the shared lock is only seen lexically
        String before = BEFORE.replace("new Paint(canvas, new Object(), 0, 64)", "new Paint(canvas, canvas, 0, 64)");
        RewriteTester.Result result = rewrite("d", before, false);
        assertEquals(before, result.text("p/Paint.java"));
        Plan plan = planAt(result, "Paint.java");
        assertTrue(plan.isManual() || plan.fixes().get(0).safety() == Safety.REVIEW);
    }

    @Test
    void sharedLockInTaskCodeIsManual() {
        String before = BEFORE.replace("new Paint(canvas, lock, from, mid)", "new Paint(canvas, canvas, from, mid)");
        RewriteTester.Result result = rewrite("d2", before, true);
        assertEquals(before, result.text("p/Paint.java"));
        assertTrue(planAt(result, "Paint.java").manualReason().contains("elsewhere"));
    }

    @Test
    void unsynchronizedCallIsManual() {
        String canvas = CANVAS.replace("synchronized void set", "void set");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("e"),
                Map.of("p/Paint.java", BEFORE, "p/Canvas.java", canvas), "intra-task-sync", true);
        assertEquals(BEFORE, result.text("p/Paint.java"));
        assertTrue(planAt(result, "Paint.java").manualReason().contains("not itself synchronized"));
    }

    /** Regression (issue 26): with lone CR line ends the kept call was not moved out by one level. */
    @Test
    void crOnlyLineEndsAreKept() {
        String before = BEFORE.replace("\n", "\r");
        String after = rewrite("cr", before, false).text("p/Paint.java");
        assertEquals(AFTER.replace("\n", "\r"), after);
    }

    @Test
    void crlfAndTabsAreKept() {
        String before = BEFORE.replace("    ", "\t").replace("\n", "\r\n");
        String expected = AFTER.replace("    ", "\t").replace("\n", "\r\n");
        String after = rewrite("f", before, false).text("p/Paint.java");
        assertEquals(expected, after);
        List<String> untouched = before.lines().filter(l -> !l.contains("synchronized") && !l.contains("canvas.set")
                && !l.contains("i * 3") && !l.equals("\t\t\t}")).toList();
        untouched.forEach(line -> assertTrue(after.contains(line + "\r\n"), line));
    }
}
