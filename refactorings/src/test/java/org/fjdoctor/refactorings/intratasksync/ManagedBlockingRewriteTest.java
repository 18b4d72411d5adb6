package org.fjdoctor.refactorings.intratasksync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.ManagedBlockerText;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.sleepyworker.ManagedSleepRewrite;
import org.fjdoctor.refactorings.sleepyworker.SleepRemoval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagedBlockingRewriteTest {

    @TempDir
    Path tempDir;

    /** A leaf task that waits for a latch, then takes and puts through a queue; the marker line varies per test. */
    static final String BEFORE = """
            package p;

            import java.util.concurrent.BlockingQueue;
            import java.util.concurrent.CountDownLatch;
            import java.util.concurrent.RecursiveAction;

            class Relay extends RecursiveAction {
                private final CountDownLatch ready;
                private final BlockingQueue<String> out;
                private final int id;

                Relay(CountDownLatch ready, BlockingQueue<String> out, int id) {
                    this.ready = ready;
                    this.out = out;
                    this.id = id;
                }

                @Override
                protected void compute() {
                    try {
                        ready.await(); // until the consumer runs
                        post("relay " + id);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                private void post(String message) throws InterruptedException {
                    out.put(message);
                }
            }
            """;

    static String wrapped(String pool, String statement, String indent) {
        return ManagedBlockerText.wrapped(pool, statement, indent);
    }

    /**
     * A call's value kept in a {@code var blocker} of field type {@code type}, as the rewrite prints it at
     * {@code indent} (4-space unit, the JDK's pool named in full), then {@code taking}: the statement that
     * reads {@code blocker.value}.
     */
    static String held(String type, String call, String taking, String indent) {
        return "var blocker = new " + POOL + ".ManagedBlocker() {\n"
                + indent + "    private " + type + " value;\n"
                + ManagedBlockerText.members("value = " + call + ";", indent)
                + indent + "};\n"
                + indent + POOL + ".managedBlock(blocker);\n"
                + indent + taking;
    }

    static final String POOL = "java.util.concurrent.ForkJoinPool";

    /** {@code text} with compute()'s await wrapped as the rewrite prints it. */
    static String awaitWrapped(String text) {
        return text.replace("ready.await(); // until the consumer runs",
                wrapped(POOL, "ready.await(); // until the consumer runs", "            "));
    }

    static final String AFTER = awaitWrapped(BEFORE)
            .replace("out.put(message);", wrapped(POOL, "out.put(message);", "        "));

    private RewriteTester.Result rewrite(String dir, String text, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Relay.java", text), "intra-task-sync", review);
    }

    private static Plan planOf(RewriteTester.Result result, String marker) {
        return result.plans().stream().filter(p -> p.finding().message().startsWith(marker)).findFirst()
                .orElseThrow(() -> new AssertionError("no finding " + marker + " in " + result.plans())).plan();
    }

    @Test
    void wrapsAwaitAndPutWithAParameterCaptured() {
        String after = rewrite("a", BEFORE, false).text("p/Relay.java");
        assertEquals(AFTER, after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void managedBlockingIsNoFindingSoFixingAgainChangesNothing() {
        RewriteTester.Result again = rewrite("b", AFTER, true);
        assertEquals(AFTER, again.text("p/Relay.java"));
        assertTrue(again.plans().isEmpty(), again.plans()::toString);
    }

    @Test
    void tabsAndCrlfAreKept() {
        String before = BEFORE.replace("    ", "\t").replace("\n", "\r\n");
        String after = rewrite("c", before, false).text("p/Relay.java");
        assertEquals(AFTER.replace("    ", "\t").replace("\n", "\r\n"), after);
    }

    @Test
    void aCallThatIsTheBodyOfAnIfOrLoopWithoutBracesIsWrappedInPlace() {
        String before = BEFORE.replace("ready.await(); // until the consumer runs",
                        "if (id >= 0)\n                ready.await(); // until the consumer runs")
                .replace("out.put(message);", "for (int i = 0; i < id; i++) out.put(message);");
        String after = rewrite("bodies", before, false).text("p/Relay.java");
        assertEquals(before.replace("ready.await(); // until the consumer runs",
                        wrapped(POOL, "ready.await(); // until the consumer runs", "                "))
                .replace("out.put(message);", wrapped(POOL, "out.put(message);", "        ")), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void aHeldValueInABodyWithoutBracesOrACallInAForUpdateStaysManual() {
        String before = BEFORE.replace("out.put(message);", "if (id > 0)\n            message = out.take();\n"
                + "        for (int i = 0; i < id; out.put(message)) i++;");
        RewriteTester.Result result = rewrite("bodies2", before, true);
        assertTrue(result.text("p/Relay.java").contains("            message = out.take();\n"
                + "        for (int i = 0; i < id; out.put(message)) i++;\n"), result.text("p/Relay.java"));
        long manual = result.plans().stream().filter(p -> p.finding().location().line() >= 29).filter(p -> p.plan().isManual()).count();
        assertEquals(2, manual, result.plans()::toString);
    }

    /**
     * A JDK call without effects moves into the blocker; any other call (chess' board.getExecutorService(),
     * a Callable) would run while the pool compensates for this worker, so it stays manual.
     */
    @Test
    void aJdkCallWithoutEffectsMovesIntoTheBlockerButNoOtherCall() {
        String before = BEFORE.replace("out.put(message);", "out.put(message + System.currentTimeMillis());");
        String after = rewrite("nested", before, false).text("p/Relay.java");
        assertEquals(awaitWrapped(before)
                .replace("out.put(message + System.currentTimeMillis());",
                        wrapped(POOL, "out.put(message + System.currentTimeMillis());", "        ")), after);

        String throwing = BEFORE.replace("out.put(message);", "out.put(source.call());")
                .replace("    private final int id;\n", "    private final int id;\n"
                        + "    private final java.util.concurrent.Callable<String> source = () -> \"x\";\n")
                .replace("private void post(String message) throws InterruptedException {",
                        "private void post(String message) throws Exception {")
                .replace("} catch (InterruptedException e) {", "} catch (Exception e) {");
        RewriteTester.Result result = rewrite("nested2", throwing, true);
        assertTrue(result.text("p/Relay.java").contains("        out.put(source.call());\n"), result.text("p/Relay.java"));
        Plan plan = planOf(result, "BlockingQueue.take/put");
        assertTrue(plan.isManual() && plan.manualReason().contains("while the pool compensates"), plan::toString);
    }

    @Test
    void anotherCheckedExceptionIsManual() {
        String before = BEFORE.replace("CountDownLatch", "CyclicBarrier")
                .replace("} catch (InterruptedException e) {", "} catch (InterruptedException | java.util.concurrent.BrokenBarrierException e) {");
        RewriteTester.Result result = rewrite("d", before, true);
        assertTrue(result.text("p/Relay.java").contains("            ready.await(); // until the consumer runs\n"));
        Plan plan = planOf(result, "CyclicBarrier.await");
        assertTrue(plan.isManual() && plan.manualReason().contains("BrokenBarrierException"), plan::toString);
    }

    @Test
    void aValueTakenIntoALocalIsKeptInTheBlocker() {
        String before = BEFORE.replace("out.put(message);", "final String last = out.take();\n        out.put(last + message);");
        String after = rewrite("e", before, false).text("p/Relay.java");
        assertEquals(awaitWrapped(before)
                .replace("final String last = out.take();",
                        held("String", "out.take()", "final String last = blocker.value;", "        "))
                .replace("out.put(last + message);", wrapped(POOL, "out.put(last + message);", "        ")), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void keepingAValueNeedsJava10() throws IOException {
        Path root = tempDir.resolve("java8");
        Path file = root.resolve("p/Relay.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, BEFORE.replace("out.put(message);", "String last = out.take();\n        out.put(last + message);"));
        Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(root)).withJavaLevel(8),
                Analyzer.Options.defaults().withRules(Rules.select(List.of("intra-task-sync"))));
        Plan take = Refactorings.plan(analysis).stream()
                .filter(p -> p.finding().message().startsWith("BlockingQueue.take/put") && p.finding().location().line() == 29)
                .findFirst().orElseThrow().plan();
        assertTrue(take.isManual() && take.manualReason().contains("Java 10+"), take::toString);
    }

    @Test
    void aReturnedValueAndAVarAreKeptInTheBlocker() {
        String returned = BEFORE.replace("    private void post(String message) throws InterruptedException {\n"
                + "        out.put(message);", "    private String post(String message) throws InterruptedException {\n"
                + "        return out.take();");
        String after = rewrite("f", returned, false).text("p/Relay.java");
        assertTrue(after.contains("            private String value;\n") && after.contains("                value = out.take();\n")
                && after.contains("        java.util.concurrent.ForkJoinPool.managedBlock(blocker);\n        return blocker.value;\n"), after);
        assertTrue(RewriteTester.parses(after));

        // var: the holder's field takes the call's type, written as the file names it
        String inferred = BEFORE.replace("out.put(message);", "var last = out.take();\n        out.put(last + message);");
        String held = rewrite("g", inferred, false).text("p/Relay.java");
        assertTrue(held.contains("            private String value;\n") && held.contains("                value = out.take();\n")
                && held.contains("        java.util.concurrent.ForkJoinPool.managedBlock(blocker);\n        var last = blocker.value;\n"), held);
        assertTrue(RewriteTester.parses(held));
    }

    /** A task that waits for another executor's tasks in a for-each header (agutsul/chess' evaluators). */
    static final String FANOUT = """
            package p;

            import java.util.List;
            import java.util.concurrent.Callable;
            import java.util.concurrent.ExecutionException;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.RecursiveTask;

            class Fanout extends RecursiveTask<Integer> {
                private final ExecutorService executor;
                private final List<Callable<Integer>> tasks;

                Fanout(ExecutorService executor, List<Callable<Integer>> tasks) {
                    this.executor = executor;
                    this.tasks = tasks;
                }

                @Override
                protected Integer compute() {
                    int sum = 0;
                    try {
                        for (var future : executor.invokeAll(tasks)) { // one per evaluator
                            sum += future.get();
                        }
                    } catch (InterruptedException | ExecutionException e) {
                        throw new IllegalStateException(e);
                    }
                    return sum;
                }
            }
            """;

    @Test
    void aCallInAForEachHeaderIsHoistedIntoAHolderBeforeTheLoop() {
        String after = RewriteTester.rewrite(tempDir.resolve("i"), Map.of("p/Fanout.java", FANOUT), "intra-task-sync", false)
                .text("p/Fanout.java");
        assertEquals(FANOUT.replace("for (var future : executor.invokeAll(tasks)) { // one per evaluator",
                held("List<java.util.concurrent.Future<Integer>>", "executor.invokeAll(tasks)",
                        "for (var future : blocker.value) { // one per evaluator", "            ")), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void twoHoldersInOneMethodGetTwoNames() {
        String before = BEFORE.replace("out.put(message);",
                "final String first = out.take();\n        final String second = out.take();\n        out.put(first + second + message);");
        String after = rewrite("n", before, false).text("p/Relay.java");
        assertTrue(after.contains("        var blocker = new ") && after.contains("        var blocker2 = new ")
                && after.contains("final String first = blocker.value;") && after.contains("final String second = blocker2.value;"), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void aCapturedWildcardIsNoTypeToDeclare() {
        String wildcard = FANOUT.replace("import java.util.concurrent.ExecutorService;\n",
                        "import java.util.concurrent.BlockingQueue;\nimport java.util.concurrent.ExecutorService;\n")
                .replace("    private final List<Callable<Integer>> tasks;\n",
                        "    private final List<Callable<Integer>> tasks;\n    private BlockingQueue<? extends List<Integer>> queue;\n")
                .replace("for (var future : executor.invokeAll(tasks)) { // one per evaluator\n                sum += future.get();",
                        "for (Integer each : queue.take()) {\n                sum += each;");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("w"), Map.of("p/Fanout.java", wildcard),
                "intra-task-sync", true);
        assertEquals(wildcard, result.text("p/Fanout.java"));
        assertTrue(result.plans().size() == 1 && result.plans().get(0).plan().manualReason().contains("cannot be written out"),
                result.plans()::toString);
    }

    @Test
    void aTypeVariableInScopeIsWrittenButALocalClassIsNot() {
        String generic = FANOUT.replace("class Fanout extends", "class Fanout<T extends Integer> extends")
                .replace("List<Callable<Integer>>", "List<Callable<T>>");
        String after = RewriteTester.rewrite(tempDir.resolve("j"), Map.of("p/Fanout.java", generic), "intra-task-sync", false)
                .text("p/Fanout.java");
        assertTrue(after.contains("            private List<java.util.concurrent.Future<T>> value;\n"), after);
        assertTrue(RewriteTester.parses(after));

        String local = FANOUT.replace("import java.util.concurrent.ExecutorService;\n",
                        "import java.util.concurrent.ExecutorService;\nimport java.util.concurrent.LinkedBlockingQueue;\n")
                .replace("        int sum = 0;\n", "        class Item {\n            int value = 1;\n        }\n"
                        + "        LinkedBlockingQueue<List<Item>> queue = new LinkedBlockingQueue<>();\n        int sum = 0;\n")
                .replace("for (var future : executor.invokeAll(tasks)) { // one per evaluator\n                sum += future.get();",
                        "for (var item : queue.take()) {\n                sum += item.value;");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("k"), Map.of("p/Fanout.java", local),
                "intra-task-sync", true);
        assertEquals(local, result.text("p/Fanout.java"));
        assertTrue(result.plans().size() == 1 && result.plans().get(0).plan().isManual()
                && result.plans().get(0).plan().manualReason().contains("cannot be written out"), result.plans()::toString);
    }

    @Test
    void aLockAValueInAnExpressionAndAnUncaughtInterruptAreManual() {
        String before = BEFORE.replace("out.put(message);", "out.put(out.take() + message);")
                .replace("import java.util.concurrent.RecursiveAction;", "import java.util.concurrent.Phaser;\n"
                        + "import java.util.concurrent.RecursiveAction;\nimport java.util.concurrent.locks.ReentrantLock;")
                .replace("    private final int id;\n", "    private final int id;\n"
                        + "    private static final ReentrantLock lock = new ReentrantLock();\n"
                        + "    private final Phaser phaser = new Phaser(1);\n")
                .replace("    protected void compute() {\n", "    protected void compute() {\n"
                        + "        lock.lock();\n        lock.unlock();\n        phaser.arriveAndAwaitAdvance();\n");
        RewriteTester.Result result = rewrite("h", before, true);
        String after = result.text("p/Relay.java");
        assertTrue(after.contains("        out.put(out.take() + message);\n") && after.contains("        lock.lock();\n")
                && after.contains("        phaser.arriveAndAwaitAdvance();\n"), after);
        assertTrue(result.plans().stream().filter(p -> p.finding().message().startsWith("BlockingQueue.take/put"))
                .allMatch(p -> p.plan().isManual()), result.plans()::toString);
        assertTrue(planOf(result, "Lock.lock").manualReason().contains("LongAdder"));
        assertTrue(planOf(result, "Phaser wait").manualReason().contains("does not throw InterruptedException"));
    }

    @Test
    void awaitInALambdaSubmittedToAPool() {
        String before = """
                package p;

                import java.util.concurrent.CountDownLatch;
                import java.util.concurrent.ForkJoinPool;
                import java.util.concurrent.Future;

                class Gate {
                    static Future<Integer> start(ForkJoinPool pool, CountDownLatch go, int value) {
                        return pool.submit(() -> {
                            go.await();
                            return value * 2;
                        });
                    }
                }
                """;
        String after = RewriteTester.rewrite(tempDir.resolve("f"), Map.of("p/Gate.java", before), "intra-task-sync", false)
                .text("p/Gate.java");
        assertEquals(before.replace("go.await();", wrapped("ForkJoinPool", "go.await();", "            ")), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void thisNamesTheTaskInsideTheBlockerAndAnAnonymousThisIsManual() {
        String before = BEFORE.replace("ready.await();", "this.ready.await();");
        String after = rewrite("g", before, false).text("p/Relay.java");
        assertTrue(after.contains("                Relay.this.ready.await(); // until the consumer runs\n"), after);
        assertTrue(RewriteTester.parses(after));

        // an implicit receiver: inside the blocker wait() would be the blocker's own Object.wait()
        String waits = BEFORE.replace("ready.await();", "synchronized (this) {\n                wait();\n            }");
        String waited = rewrite("h", waits, false).text("p/Relay.java");
        assertTrue(waited.contains("                    Relay.this.wait();\n"), waited);

        String anonymous = BEFORE.replace("ready.await(); // until the consumer runs",
                "new Runnable() {\n                public void run() {\n                    try {\n"
                        + "                        synchronized (this) {\n                            this.wait();\n"
                        + "                        }\n                    } catch (InterruptedException e) {\n"
                        + "                        Thread.currentThread().interrupt();\n                    }\n"
                        + "                }\n            }.run();");
        RewriteTester.Result result = rewrite("i", anonymous, true);
        assertTrue(result.text("p/Relay.java").contains("                            this.wait();\n"));
        assertTrue(planOf(result, "Object.wait").manualReason().contains("anonymous class"), result.plans()::toString);

        // in parentheses the this would keep meaning the blocker
        String parenthesized = BEFORE.replace("ready.await();", "(this).ready.await();");
        RewriteTester.Result kept = rewrite("j", parenthesized, true);
        assertTrue(kept.text("p/Relay.java").contains("            (this).ready.await();"));
        assertTrue(planOf(kept, "CountDownLatch.await").manualReason().contains("parentheses"), kept.plans()::toString);
    }

    @Test
    void anImplicitReceiverIsTheClassThatHasTheMethod() {
        String before = """
                package p;

                import java.util.concurrent.RecursiveAction;
                import java.util.concurrent.Semaphore;

                class Gate extends Semaphore {
                    Gate() {
                        super(1);
                    }

                    class Part extends RecursiveAction {
                        @Override
                        protected void compute() {
                            try {
                                acquire();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                }
                """;
        String after = RewriteTester.rewrite(tempDir.resolve("m"), Map.of("p/Gate.java", before), "intra-task-sync", false)
                .text("p/Gate.java");
        assertTrue(after.contains("                        Gate.this.acquire();\n"), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void removalsComeBeforeManagedBlocks() {
        List<Refactoring> all = Refactorings.all();
        List<String> order = all.stream().map(r -> r.getClass().getName()).toList();
        assertTrue(order.indexOf(RedundantLockRemoval.class.getName()) < order.indexOf(ManagedBlockingRewrite.class.getName()),
                order::toString);
        assertTrue(order.indexOf(SleepRemoval.class.getName()) < order.indexOf(ManagedSleepRewrite.class.getName()),
                order::toString);
    }
}
