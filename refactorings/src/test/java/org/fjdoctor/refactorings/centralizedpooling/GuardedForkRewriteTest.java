package org.fjdoctor.refactorings.centralizedpooling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuardedForkRewriteTest {

    @TempDir
    Path tempDir;

    static final String BEFORE = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;

            class Walk extends RecursiveAction {
                static final ForkJoinPool POOL = new ForkJoinPool(2);
                private final int depth;

                Walk(int depth) {
                    this.depth = depth;
                }

                @Override
                protected void compute() {
                    if (depth > 0) {
                        Walk child = new Walk(depth - 1);
                        POOL.execute(child); // submitted
                        child.join();
                    }
                }
            }
            """;

    static final String AFTER = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.ForkJoinTask;
            import java.util.concurrent.RecursiveAction;

            class Walk extends RecursiveAction {
                static final ForkJoinPool POOL = new ForkJoinPool(2);
                private final int depth;

                Walk(int depth) {
                    this.depth = depth;
                }

                @Override
                protected void compute() {
                    if (depth > 0) {
                        Walk child = new Walk(depth - 1);
                        if (ForkJoinTask.getPool() == POOL) {
                            child.fork();
                        } else {
                            POOL.execute(child); // submitted
                        }
                        child.join();
                    }
                }
            }
            """;

    /** Fixed at Java 8 without and with review: the SAFE run leaves {@code source} as it is. */
    private RewriteTester.Result reviewOnly(String dir, String path, String source) {
        RewriteTester.Result safeOnly = RewriteTester.rewrite(tempDir.resolve(dir), Map.of(path, source),
                "centralized-pooling", false, 8);
        assertEquals(source, safeOnly.text(path));
        return RewriteTester.rewrite(tempDir.resolve(dir + "-review"), Map.of(path, source), "centralized-pooling", true, 8);
    }

    /** At Java 8, whose ForkJoinPool puts what a worker submits in a shared submission queue. */
    private RewriteTester.Result rewrite(String dir, String text, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Walk.java", text), "centralized-pooling", review, 8);
    }

    @Test
    void fromJava9OnTheJdkPoolAlreadyPushesOntoTheWorkersDeque() {
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("j"), Map.of("p/Walk.java", BEFORE),
                "centralized-pooling", true, 9);
        assertEquals(BEFORE, result.text("p/Walk.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual() && plan.manualReason().contains("from Java 9 on"), plan.toString());
    }

    @Test
    void forksWhenAlreadyInThePool() {
        String after = rewrite("a", BEFORE, false).text("p/Walk.java");
        assertEquals(AFTER, after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void idempotent() {
        RewriteTester.Result again = rewrite("a", AFTER, false);
        assertEquals(AFTER, again.text("p/Walk.java"));
        assertTrue(again.plans().isEmpty());
    }

    @Test
    void usesTheImportedNameAndHoistsANewTask() {
        String before = BEFORE.replace("import java.util.concurrent.RecursiveAction;",
                        "import java.util.concurrent.ForkJoinTask;\nimport java.util.concurrent.RecursiveAction;")
                .replace("POOL.execute(child); // submitted", "POOL.submit(new Walk(depth - 2));");
        String expected = before.replace("            POOL.submit(new Walk(depth - 2));\n", """
                            ForkJoinTask<?> task = new Walk(depth - 2);
                            if (ForkJoinTask.getPool() == POOL) {
                                task.fork();
                            } else {
                                POOL.submit(task);
                            }
                """);
        assertEquals(expected, rewrite("b", before, false).text("p/Walk.java"));
        assertEquals(expected, rewrite("b2", expected, false).text("p/Walk.java"));
    }

    @Test
    void currentPoolReceiverKeepsItsNullBehaviourOffWorkers() {
        String before = BEFORE.replace("POOL.execute(child); // submitted", "getPool().execute(child);");
        String after = rewrite("c", before, false).text("p/Walk.java");
        assertTrue(after.contains("""
                            if (ForkJoinTask.inForkJoinPool()) {
                                child.fork();
                            } else {
                                getPool().execute(child);
                            }
                """), after);
    }

    @Test
    void usedFutureIsManual() {
        String before = BEFORE.replace("POOL.execute(child); // submitted", "POOL.submit(child).join();");
        RewriteTester.Result result = rewrite("d", before, true);
        assertEquals(before, result.text("p/Walk.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual());
        assertTrue(plan.manualReason().contains("Future is used"));
    }

    /** A fixed thread pool is no fork/join pool: handing it a Runnable is no centralized pooling, so nothing to fix. */
    @Test
    void runnableOnAFixedThreadPoolIsNoFinding() {
        String before = BEFORE.replace("static final ForkJoinPool POOL = new ForkJoinPool(2);",
                        "static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(2);")
                .replace("POOL.execute(child); // submitted", "POOL.execute(() -> System.out.println(depth));");
        RewriteTester.Result result = rewrite("e", before, true);
        assertEquals(before, result.text("p/Walk.java"));
        assertTrue(result.plans().isEmpty(), result.plans()::toString);
    }

    /** An actor runtime's scheduler: the ExecutorService field is set from a constructor argument that is a pool. */
    static final String SCHEDULER = """
            package p;

            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.ForkJoinPool;

            class Scheduler {
                private final ExecutorService executor;

                Scheduler(ExecutorService executor) {
                    this.executor = executor;
                }

                static Scheduler onCommonPool() {
                    return new Scheduler(ForkJoinPool.commonPool());
                }

                void schedule(Runnable message) {
                    executor.execute(() -> drain(message));
                }

                private void drain(Runnable message) {
                    message.run();
                    executor.execute(message);
                }
            }
            """;

    @Test
    void executorFieldSetToAPoolForksAnAdaptedRunnableForReview() {
        RewriteTester.Result result = reviewOnly("g", "p/Scheduler.java", SCHEDULER);
        String expected = SCHEDULER.replace("import java.util.concurrent.ForkJoinPool;\n",
                        "import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.ForkJoinTask;\n")
                .replace("        executor.execute(message);\n", """
                        if (ForkJoinTask.getPool() == executor) {
                            ForkJoinTask.adapt(message).fork();
                        } else {
                            executor.execute(message);
                        }
                """);
        assertEquals(expected, result.text("p/Scheduler.java"));
        assertTrue(result.plans().stream().anyMatch(planned -> !planned.plan().isManual()
                && planned.plan().fixes().get(0).why().contains("uncaught-exception handler")));
    }

    @Test
    void anExecutorServiceFieldSetToAJsr166yPoolNamesJsr166ysForkJoinTask() {
        String before = SCHEDULER.replace("import java.util.concurrent.ForkJoinPool;\n", "")
                .replace("new Scheduler(ForkJoinPool.commonPool())", "new Scheduler(new jsr166y.ForkJoinPool())");
        String after = RewriteTester.rewrite(tempDir.resolve("m"), Map.of("p/Scheduler.java", before),
                "centralized-pooling", true, 11).text("p/Scheduler.java");
        assertTrue(after.contains("import jsr166y.ForkJoinTask;") && after.contains("""
                        if (ForkJoinTask.getPool() == executor) {
                            ForkJoinTask.adapt(message).fork();
                """), after);
    }

    @Test
    void submitOfARunnableToAPoolForksItsAdaptedTaskSafely() {
        String before = SCHEDULER.replace("executor.execute(message);", "executor.submit(message);")
                .replace("private final ExecutorService executor;", "private final ForkJoinPool executor;")
                .replace("Scheduler(ExecutorService executor)", "Scheduler(ForkJoinPool executor)");
        String after = RewriteTester.rewrite(tempDir.resolve("h"), Map.of("p/Scheduler.java", before),
                "centralized-pooling", false, 8).text("p/Scheduler.java");
        assertTrue(after.contains("""
                        if (ForkJoinTask.getPool() == executor) {
                            ForkJoinTask.adapt(message).fork();
                        } else {
                            executor.submit(message);
                        }
                """), after);
    }

    @Test
    void jsr166yAtAnyLevelImportsItsForkJoinTaskAmongItsOwnImports() {
        String before = BEFORE.replace("import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.RecursiveAction;\n",
                "import jsr166y.ForkJoinPool;\nimport jsr166y.RecursiveAction;\n\nimport java.util.List;\n");
        String after = RewriteTester.rewrite(tempDir.resolve("k"), Map.of("p/Walk.java", before), "centralized-pooling",
                false, 17).text("p/Walk.java");
        String expected = before.replace("import jsr166y.ForkJoinPool;\n", "import jsr166y.ForkJoinPool;\nimport jsr166y.ForkJoinTask;\n")
                .replace("            POOL.execute(child); // submitted\n", """
                            if (ForkJoinTask.getPool() == POOL) {
                                child.fork();
                            } else {
                                POOL.execute(child); // submitted
                            }
                """);
        assertEquals(expected, after);
    }

    /**
     * JAAC's shape: an actor's message loop resubmits a new instance of itself through a helper so that
     * other actors get a turn; forked, it would run next on the same worker.
     */
    static final String ACTOR = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;

            class Actor {
                static final ForkJoinPool POOL = new ForkJoinPool(2);
                private int pending;

                static void submit(RecursiveAction task) {
                    POOL.execute(task);
                }

                private class Loop extends RecursiveAction {
                    @Override
                    protected void compute() {
                        if (pending-- > 0) {
                            submit(new Loop()); // let other actors run
                        }
                    }
                }
            }
            """;

    @Test
    void aTaskResubmittingItselfThroughAHelperIsForkedOnlyForReview() {
        RewriteTester.Result result = reviewOnly("n", "p/Actor.java", ACTOR);
        assertTrue(result.text("p/Actor.java").contains("""
                        if (ForkJoinTask.getPool() == POOL) {
                            task.fork();
                        } else {
                            POOL.execute(task);
                        }
                """), result.text("p/Actor.java"));
        String why = result.plans().get(0).plan().fixes().get(0).why();
        assertTrue(why.contains("resubmits itself ('new Loop()' in compute())") && why.contains("the actor keeps this worker"), why);
    }

    @Test
    void aTaskResubmittingThisIsForkedOnlyForReview() {
        String before = BEFORE.replace("POOL.execute(child); // submitted", "POOL.execute(this);");
        assertEquals(before, rewrite("o", before, false).text("p/Walk.java"));
        RewriteTester.Result result = rewrite("o2", before, true);
        assertTrue(result.text("p/Walk.java").contains("this.fork();"), result.text("p/Walk.java"));
        assertTrue(result.plans().get(0).plan().fixes().get(0).why().contains("resubmits itself ('this'"));
    }

    /** A task that schedules another object through that object's own method: Akka's send, no continuation. */
    static final String BOX = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;

            class Box extends RecursiveAction {
                static final ForkJoinPool POOL = new ForkJoinPool(2);
                Box next;

                void send() {
                    POOL.execute(this);
                }

                @Override
                protected void compute() {
                    if (next != null) {
                        next.send();
                    }
                }
            }
            """;

    @Test
    void sendingToAnotherObjectIsNoContinuationButSendingToItselfIs() {
        RewriteTester.Result other = RewriteTester.rewrite(tempDir.resolve("q"), Map.of("p/Box.java", BOX),
                "centralized-pooling", false, 8);
        assertTrue(other.text("p/Box.java").contains("this.fork();"), other.text("p/Box.java"));

        String itself = BOX.replace("next.send();", "send();");
        String why = reviewOnly("q2", "p/Box.java", itself).plans().get(0).plan().fixes().get(0).why();
        assertTrue(why.contains("resubmits itself ('this' in send())"), why);
    }

    @Test
    void aContinuationHeldInALocalFirstIsSeen() {
        String before = ACTOR.replace("submit(new Loop()); // let other actors run",
                "Loop again = new Loop();\n                submit(again);");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("r"), Map.of("p/Actor.java", before),
                "centralized-pooling", false, 8);
        assertEquals(before, result.text("p/Actor.java"));
    }

    @Test
    void aSubtaskBuiltFromItsOwnArgumentsIsNoContinuation() {
        String why = rewrite("p", BEFORE, false).plans().get(0).plan().fixes().get(0).why();
        assertTrue(why.contains("onto this worker's own deque") && !why.contains("resubmits itself"), why);
    }

    @Test
    void crlfAndTabsAreKept() {
        String tabs = BEFORE.replace("    ", "\t");
        String before = tabs.replace("\n", "\r\n");
        String after = rewrite("f", before, false).text("p/Walk.java");
        String expected = AFTER.replace("    ", "\t").replace("\n", "\r\n");
        assertEquals(expected, after);
        assertUnchangedOutside(before, after, "\t\t\tPOOL.execute(child); // submitted");
    }

    /** Regression (issue 26): a file with lone CR line ends got LF lines inserted, and continuation lines kept their indent. */
    @Test
    void crOnlyLineEndsAreKept() {
        String before = BEFORE.replace("\n", "\r");
        String after = rewrite("cr", before, false).text("p/Walk.java");
        assertEquals(AFTER.replace("\n", "\r"), after);
    }

    /** Every line of {@code before} except {@code changed} appears, in order, in {@code after}. */
    static void assertUnchangedOutside(String before, String after, String changed) {
        String[] lines = before.split("\r\n", -1);
        int index = 0;
        for (String line : lines) {
            if (line.equals(changed)) {
                continue;
            }
            index = after.indexOf(line + (after.contains("\r\n") ? "\r\n" : ""), index);
            assertTrue(index >= 0, "line changed: " + line);
        }
        assertNull(null);
    }
}
