package org.fjdoctor.refactorings.sleepyworker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.ManagedBlockerText;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagedSleepRewriteTest {

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

    static String wrapped(String pool, String statement, String indent) {
        return ManagedBlockerText.wrapped(pool, statement, indent);
    }

    static String wrapped(String pool, String statement) {
        return wrapped(pool, statement, "            ");
    }

    static final String AFTER = BEFORE.replace("Thread.sleep(1); // wait for half",
            wrapped("java.util.concurrent.ForkJoinPool", "Thread.sleep(1); // wait for half"));

    private RewriteTester.Result rewrite(String dir, String text, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Square.java", text), "sleepy-worker", review);
    }

    private static List<Fix> fixes(RewriteTester.Result result) {
        assertEquals(1, result.plans().size(), result.plans()::toString);
        return result.plans().get(0).plan().fixes();
    }

    @Test
    void fixWrapsTheSleepAndIncludeReviewRemovesIt() {
        RewriteTester.Result safe = rewrite("a", BEFORE, false);
        assertEquals(AFTER, safe.text("p/Square.java"));
        assertTrue(RewriteTester.parses(AFTER));
        List<Fix> fixes = fixes(safe);
        // the most effective fix first: removal (REVIEW), then the managed block (SAFE)
        assertEquals(List.of(Safety.REVIEW, Safety.SAFE), fixes.stream().map(Fix::safety).toList());
        assertTrue(fixes.get(0).title().startsWith("Remove"), fixes::toString);
        assertEquals(SleepRemovalTest.AFTER, rewrite("b", BEFORE, true).text("p/Square.java"));
    }

    @Test
    void aManagedSleepIsNoFindingSoFixingAgainChangesNothing() {
        RewriteTester.Result again = rewrite("c", AFTER, true);
        assertEquals(AFTER, again.text("p/Square.java"));
        assertTrue(again.plans().isEmpty(), again.plans()::toString);
    }

    @Test
    void importedPoolByNameAndTimeUnitSleepOnAField() {
        String before = BEFORE.replace("import java.util.concurrent.RecursiveTask;",
                        "import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.RecursiveTask;\n"
                                + "import java.util.concurrent.TimeUnit;")
                .replace("Thread.sleep(1); // wait for half", "TimeUnit.MILLISECONDS.sleep(n % 3);");
        String expected = before.replace("TimeUnit.MILLISECONDS.sleep(n % 3);",
                wrapped("ForkJoinPool", "TimeUnit.MILLISECONDS.sleep(n % 3);"));
        assertEquals(expected, rewrite("d", before, false).text("p/Square.java"));
    }

    @Test
    void tabsAndCrlfAreKept() {
        String before = BEFORE.replace("    ", "\t").replace("\n", "\r\n");
        String expected = AFTER.replace("    ", "\t").replace("\n", "\r\n");
        String after = rewrite("e", before, false).text("p/Square.java");
        assertEquals(expected, after);
        assertTrue(RewriteTester.parses(after));
        String twoSpaces = BEFORE.replace("    ", "  ");
        assertEquals(AFTER.replace("    ", "  "), rewrite("e2", twoSpaces, false).text("p/Square.java"));
    }

    /** Regression (issue 26): a file with lone CR line ends got LF lines inserted. */
    @Test
    void crOnlyLineEndsAreKept() {
        String before = BEFORE.replace("\n", "\r");
        String after = rewrite("cr", before, false).text("p/Square.java");
        assertEquals(AFTER.replace("\n", "\r"), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void effectivelyFinalLocalsAndParametersAreCaptured() {
        String before = BEFORE.replace("        try {\n            Thread.sleep(1); // wait for half",
                "        long pause = n % 4;\n        try {\n            Thread.sleep(pause + 1);");
        String after = rewrite("f", before, false).text("p/Square.java");
        assertEquals(before.replace("Thread.sleep(pause + 1);",
                wrapped("java.util.concurrent.ForkJoinPool", "Thread.sleep(pause + 1);")), after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void aVariableAssignedElsewhereIsNeverSafe() {
        String before = BEFORE.replace("        try {\n            Thread.sleep(1); // wait for half",
                "        long pause = 1;\n        pause += n % 4;\n        try {\n            Thread.sleep(pause);");
        RewriteTester.Result safe = rewrite("g", before, false);
        assertEquals(before, safe.text("p/Square.java"));
        assertTrue(fixes(safe).stream().noneMatch(f -> f.safety() == Safety.SAFE), fixes(safe)::toString);
        String incremented = before.replace("pause += n % 4;", "pause++;");
        assertEquals(incremented, rewrite("h", incremented, false).text("p/Square.java"));
    }

    /** A mailbox task that parks until a message arrives, as GPars' actors do; the marker lines vary per test. */
    static final String PARKING = """
            package p;

            import java.util.concurrent.RecursiveAction;
            import java.util.concurrent.atomic.AtomicReference;
            import java.util.concurrent.locks.LockSupport;

            class Mailbox extends RecursiveAction {
                final AtomicReference<String> message = new AtomicReference<>();
                volatile Thread waiting;
                private final long patience;

                Mailbox(long patience) {
                    this.patience = patience;
                }

                @Override
                protected void compute() {
                    try {
                        System.out.println(await(patience));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                private String await(long nanos) throws InterruptedException {
                    waiting = Thread.currentThread();
                    while (message.get() == null) {
                        if (nanos == 0L) LockSupport.park(this);
                        else LockSupport.parkNanos(nanos);
                    }
                    return message.get();
                }
            }
            """;

    @Test
    void aParkIsWrappedInPlaceEvenAsTheBodyOfAnIfWithoutBraces() {
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("park"), Map.of("p/Mailbox.java", PARKING),
                "sleepy-worker", false);
        String pool = "java.util.concurrent.ForkJoinPool";
        String expected = PARKING.replace("LockSupport.park(this);", wrapped(pool, "LockSupport.park(Mailbox.this);", "            "))
                .replace("LockSupport.parkNanos(nanos);", wrapped(pool, "LockSupport.parkNanos(nanos);", "            "));
        assertEquals(expected, result.text("p/Mailbox.java"));
        assertTrue(RewriteTester.parses(expected));
        assertTrue(result.plans().stream().allMatch(p -> p.plan().fixes().stream().anyMatch(f -> f.safety() == Safety.SAFE
                && f.title().equals("Wrap the park in ForkJoinPool.managedBlock"))), result.plans()::toString);
    }

    @Test
    void aParkAsAStatementOfASwitchCaseIsWrappedInPlaceAndOneInALambdaIsManual() {
        String cases = PARKING.replace("""
                        if (nanos == 0L) LockSupport.park(this);
                        else LockSupport.parkNanos(nanos);
            """, """
                        switch ((int) (nanos % 3)) {
                            case 0 -> LockSupport.park(this);
                            case 1 -> LockSupport.parkNanos(nanos);
                            default:
                                LockSupport.parkNanos(nanos);
                        }
            """.replace("default:", "default ->").replace("->\n                    LockSupport.parkNanos(nanos);", "-> {\n                    LockSupport.parkNanos(nanos);\n                }"));
        String pool = "java.util.concurrent.ForkJoinPool";
        String after = RewriteTester.rewrite(tempDir.resolve("cases"), Map.of("p/Mailbox.java", cases), "sleepy-worker", false)
                .text("p/Mailbox.java");
        String expected = cases.replace("case 0 -> LockSupport.park(this);",
                        "case 0 -> " + wrapped(pool, "LockSupport.park(Mailbox.this);", "                "))
                .replace("case 1 -> LockSupport.parkNanos(nanos);",
                        "case 1 -> " + wrapped(pool, "LockSupport.parkNanos(nanos);", "                "))
                .replace("                    LockSupport.parkNanos(nanos);\n                }",
                        "                    " + wrapped(pool, "LockSupport.parkNanos(nanos);", "                    ") + "\n                }");
        assertEquals(expected, after);
        assertTrue(RewriteTester.parses(after));

        String lambda = PARKING.replace("if (nanos == 0L) LockSupport.park(this);\n            else LockSupport.parkNanos(nanos);",
                "new java.util.concurrent.ForkJoinPool().execute(() -> LockSupport.park());");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("lambda"), Map.of("p/Mailbox.java", lambda),
                "sleepy-worker", false);
        int line = lambda.substring(0, lambda.indexOf("() -> LockSupport")).split("\n").length;
        Plan plan = result.plans().stream().filter(p -> p.finding().location().line() == line).findFirst()
                .orElseThrow(() -> new AssertionError(result.plans().toString())).plan();
        assertTrue(plan.isManual() && plan.manualReason().contains("expression body of a lambda"), plan::toString);
    }

    /**
     * GPars' shape: the park's argument calls System.nanoTime(), which moves into block() with it; a call
     * with effects, or one on an implicit receiver, would run while the pool compensates: manual.
     */
    @Test
    void aParkWhoseArgumentMakesAJdkCallWithoutEffectsIsWrapped() {
        String before = PARKING.replace("else LockSupport.parkNanos(nanos);",
                "else LockSupport.parkNanos(nanos - System.nanoTime() + Math.max(1, nanos));");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("deadline"), Map.of("p/Mailbox.java", before),
                "sleepy-worker", false);
        String pool = "java.util.concurrent.ForkJoinPool";
        String expected = before.replace("LockSupport.park(this);", wrapped(pool, "LockSupport.park(Mailbox.this);", "            "))
                .replace("LockSupport.parkNanos(nanos - System.nanoTime() + Math.max(1, nanos));",
                        wrapped(pool, "LockSupport.parkNanos(nanos - System.nanoTime() + Math.max(1, nanos));", "            "));
        assertEquals(expected, result.text("p/Mailbox.java"));
        assertTrue(result.plans().stream().allMatch(p -> p.plan().fixes().get(0).safety() == Safety.SAFE), result.plans()::toString);

        for (String call : List.of("now()", "waiting.getId()")) {
            String refused = PARKING.replace("else LockSupport.parkNanos(nanos);", "else LockSupport.parkNanos(nanos - " + call + ");")
                .replace("    private String await(", "    private long now() {\n        return System.nanoTime();\n    }\n\n    private String await(");
            RewriteTester.Result result2 = RewriteTester.rewrite(tempDir.resolve("deadline" + call.length()),
                    Map.of("p/Mailbox.java", refused), "sleepy-worker", true);
            assertTrue(result2.text("p/Mailbox.java").contains("else LockSupport.parkNanos(nanos - " + call + ");"));
            assertTrue(result2.plans().stream().anyMatch(p -> p.plan().isManual()
                    && p.plan().manualReason().contains("while the pool compensates")), result2.plans()::toString);
        }
    }

    @Test
    void aParkWhereNothingHandlesInterruptedExceptionIsManual() {
        String before = PARKING.replace("private String await(long nanos) throws InterruptedException {",
                "private String await(long nanos) {").replace("""
                    try {
                        System.out.println(await(patience));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
            """, "        System.out.println(await(patience));\n");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("park2"), Map.of("p/Mailbox.java", before),
                "sleepy-worker", true);
        assertEquals(before, result.text("p/Mailbox.java"));
        assertEquals(2, result.plans().size(), result.plans()::toString);
        for (var planned : result.plans()) {
            Plan plan = planned.plan();
            assertTrue(plan.isManual() && plan.manualReason().startsWith("the park cannot be wrapped")
                    && plan.manualReason().contains("InterruptedException"), plan::toString);
        }
    }

    /** A Runnable handed to a pool field (jsr166y's here) that sleeps, written for Java 6. */
    static final String SUBMITTED = """
            package p;

            class Ticker {
                private final jsr166y.ForkJoinPool pool = new jsr166y.ForkJoinPool();

                void tick(final long millis) {
                    pool.execute(new Runnable() {
                        public void run() {
                            try {
                                Thread.sleep(millis);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    });
                }
            }
            """;

    /** The sleep of {@code source}, fixed at Java {@code level}, ends up in jsr166y's managed block. */
    private void assertManagedInJsr166y(String dir, String source, int level) {
        String after = RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Ticker.java", source), "sleepy-worker",
                false, level).text("p/Ticker.java");
        assertEquals(source.replace("Thread.sleep(millis);", wrapped("jsr166y.ForkJoinPool", "Thread.sleep(millis);",
                "                    ")), after);
    }

    @Test
    void codeSubmittedToAJsr166yPoolManagesItsBlockInThatPoolAtJava6() {
        assertManagedInJsr166y("jsr", SUBMITTED, 6);
    }

    @Test
    void anExecutorServiceFieldGivenAJsr166yPoolManagesTheBlockInThatPool() {
        assertManagedInJsr166y("jsrfield", SUBMITTED.replace("private final jsr166y.ForkJoinPool pool = new jsr166y.ForkJoinPool();",
                "private final java.util.concurrent.ExecutorService pool = new jsr166y.ForkJoinPool();"), 8);
    }

    @Test
    void aComputedArgumentOrAHiddenJavaPackageIsManual() {
        String computed = BEFORE.replace("Thread.sleep(1);", "Thread.sleep(new java.util.Random(n).nextInt(5));");
        RewriteTester.Result result = rewrite("i", computed, true);
        assertEquals(computed, result.text("p/Square.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual(), plan::toString); // a new object moves into block() only by hand

        String hidden = BEFORE.replace("    private final long n;", "    static class java {\n    }\n\n    private final long n;");
        RewriteTester.Result shadowed = rewrite("j", hidden, false);
        assertEquals(hidden, shadowed.text("p/Square.java"));
    }

    @Test
    void sleepInALambdaSubmittedToAPool() {
        String before = """
                package p;

                import java.util.concurrent.ForkJoinPool;

                class Ticker {
                    static void tick(ForkJoinPool pool, long millis) {
                        pool.execute(() -> {
                            try {
                                Thread.sleep(millis);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
                    }
                }
                """;
        String after = RewriteTester.rewrite(tempDir.resolve("k"), Map.of("p/Ticker.java", before), "sleepy-worker", false)
                .text("p/Ticker.java");
        String expected = before.replace("Thread.sleep(millis);",
                wrapped("ForkJoinPool", "Thread.sleep(millis);", "                "));
        assertEquals(expected, after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void sleepInAHelperReachedFromTaskCodeIsWrappedInTheHelper() {
        String task = BEFORE.replace("""
                        try {
                            Thread.sleep(1); // wait for half
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                """, "        Pause.briefly(half, 2);\n");
        String helper = """
                package p;

                final class Pause {
                    private Pause() {
                    }

                    static void briefly(Object reason, int millis) {
                        try {
                            Thread.sleep(millis);
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(reason.toString(), e);
                        }
                    }
                }
                """;
        RewriteTester.Result result = RewriteTester.rewrite(tempDir.resolve("l"),
                Map.of("p/Square.java", task, "p/Pause.java", helper), "sleepy-worker", false);
        assertEquals(task, result.text("p/Square.java"));
        String expected = helper.replace("Thread.sleep(millis);",
                wrapped("java.util.concurrent.ForkJoinPool", "Thread.sleep(millis);", "            "));
        assertEquals(expected, result.text("p/Pause.java"));
    }

    @Test
    void aVariableNamedDoneIsNotHiddenByTheBlockersField() {
        String before = BEFORE.replace("        try {\n            Thread.sleep(1); // wait for half",
                "        long done = n % 2;\n        try {\n            Thread.sleep(done);");
        String after = rewrite("m", before, false).text("p/Square.java");
        assertTrue(after.contains("private boolean done2;") && after.contains("Thread.sleep(done);\n")
                && after.contains("done2 = true;") && after.contains("return done2;"), after);
    }
}
