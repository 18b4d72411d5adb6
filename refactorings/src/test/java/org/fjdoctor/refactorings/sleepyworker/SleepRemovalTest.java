package org.fjdoctor.refactorings.sleepyworker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SleepRemovalTest {

    @TempDir
    Path tempDir;

    static final String BEFORE = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Square extends RecursiveTask<Long> {
                private final long n;

                Square(long n) {
                    this.n = n;
                }

                @Override
                protected Long compute() {
                    Square half = new Square(n / 2);
                    half.fork();
                    try {
                        Thread.sleep(1); // wait for half
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return n * n + (n > 1 ? half.join() : 0);
                }
            }
            """;

    static final String AFTER = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Square extends RecursiveTask<Long> {
                private final long n;

                Square(long n) {
                    this.n = n;
                }

                @Override
                protected Long compute() {
                    Square half = new Square(n / 2);
                    half.fork();
                    return n * n + (n > 1 ? half.join() : 0);
                }
            }
            """;

    private RewriteTester.Result rewrite(String dir, String text, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Square.java", text), "sleepy-worker", review);
    }

    @Test
    void neverAppliedAsSafe() {
        RewriteTester.Result result = rewrite("a", BEFORE, false);
        // fix applies the SAFE managed block (ManagedSleepRewriteTest), never the removal
        assertTrue(result.text("p/Square.java").contains("Thread.sleep(1); // wait for half"));
        Fix removal = result.plans().get(0).plan().fixes().get(0);
        assertTrue(removal.title().startsWith("Remove"), removal::toString);
        assertEquals(Safety.REVIEW, removal.safety());
    }

    @Test
    void removesTheSleepAndItsHandlerForReview() {
        String after = rewrite("b", BEFORE, true).text("p/Square.java");
        assertEquals(AFTER, after);
        assertTrue(RewriteTester.parses(after));
        RewriteTester.Result again = rewrite("c", AFTER, true);
        assertEquals(AFTER, again.text("p/Square.java"));
        assertTrue(again.plans().isEmpty());
    }

    @Test
    void aOneLineTryWithABroadCatchGoesWithTheSleep() {
        // seen in h2o-2: `try { Thread.sleep(n); } catch( Exception e ) { }` used to leave `try {  } catch ..`
        String before = BEFORE.replace("""
                        try {
                            Thread.sleep(1); // wait for half
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                """, """
                        try { Thread.sleep(1); } catch (Exception e) { }
                """);
        assertTrue(before.contains("catch (Exception e) { }"), before);
        assertEquals(AFTER, rewrite("h", before, true).text("p/Square.java"));
    }

    @Test
    void plainStatementInAMethodThatThrows() {
        String before = BEFORE.replace("protected Long compute() {", "protected Long compute() {\n        pause();")
                .replace("    @Override", "    static void pause() throws InterruptedException {\n"
                        + "        java.util.concurrent.TimeUnit.MILLISECONDS.sleep(2);\n    }\n\n    @Override")
                .replace("""
                                try {
                                    Thread.sleep(1); // wait for half
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                        """, "");
        // pause() throws, so compute() would not compile: that is the test input's problem, not the rewrite's;
        // only the removal itself is checked
        String after = rewrite("d", before, true).text("p/Square.java");
        assertEquals(before.replace("        java.util.concurrent.TimeUnit.MILLISECONDS.sleep(2);\n", ""), after);
    }

    @Test
    void tryWithOtherStatementsOffersNoRemoval() {
        String before = BEFORE.replace("Thread.sleep(1); // wait for half", "Thread.sleep(1);\n            half.join();");
        RewriteTester.Result result = rewrite("e", before, true);
        assertTrue(result.text("p/Square.java").contains("Thread.sleep(1);\n"));
        // only the managed block is offered: the handler would lose its purpose without the sleep
        List<Fix> fixes = result.plans().get(0).plan().fixes();
        assertEquals(1, fixes.size(), fixes::toString);
        assertTrue(fixes.get(0).title().contains("managedBlock"), fixes::toString);
    }

    @Test
    void sleepThatCannotBeRemovedNorWrappedIsManual() {
        // pause is assigned twice, so the anonymous blocker of a managed block could not capture it
        String before = BEFORE.replace("        try {\n            Thread.sleep(1); // wait for half",
                "        long pause = 1;\n        pause++;\n        try {\n            Thread.sleep(pause);\n            half.join();");
        RewriteTester.Result result = rewrite("h", before, true);
        assertEquals(before, result.text("p/Square.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual() && plan.manualReason().contains("InterruptedException"), plan::toString);
    }

    @Test
    void busyWaitIsManual() {
        String before = BEFORE.replace("half.fork();", "half.fork();\n        while (!half.isDone()) {\n"
                + "            Thread.onSpinWait();\n        }");
        RewriteTester.Result result = rewrite("f", before, true);
        assertTrue(result.plans().stream().anyMatch(p -> p.plan().isManual()
                && p.plan().manualReason().contains("join the task")));
    }

    @Test
    void crlfAndTabsAreKept() {
        String before = BEFORE.replace("    ", "\t").replace("\n", "\r\n");
        String expected = AFTER.replace("    ", "\t").replace("\n", "\r\n");
        String after = rewrite("g", before, true).text("p/Square.java");
        assertEquals(expected, after);
        before.lines().filter(l -> !l.contains("try") && !l.contains("sleep") && !l.contains("catch")
                        && !l.contains("interrupt()") && !l.equals("\t\t}"))
                .forEach(line -> assertTrue(after.contains(line + "\r\n"), line));
    }

    /** Regression (issue 12): a review fix deleted the simulated work of cookbook demos. */
    @Test
    void theReviewReasonSaysWhatTheSleepMayStandFor() {
        Fix removal = rewrite("why", BEFORE, false).plans().get(0).plan().fixes().get(0);
        for (String meaning : List.of("waiting for something the task does not have yet", "simulated work in a demo",
                "a rate limit or backoff", "cancelled or interrupted")) {
            assertTrue(removal.why().contains(meaning), removal::why);
        }
        assertTrue(!removal.why().startsWith("This looks like a demo"), removal::why);

        String demo = BEFORE.replace("package p;", "package cookbook.demo;");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("demo"), Map.of("cookbook/demo/Square.java", demo),
                "sleepy-worker", false);
        Fix demoRemoval = result.plans().get(0).plan().fixes().get(0);
        assertTrue(demoRemoval.why().startsWith("This looks like a demo or example (cookbook.demo.Square): the sleep is"
                + " probably its simulated work"), demoRemoval::why);
    }
}
