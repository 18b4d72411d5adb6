package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class CentralizedPoolingRuleTest {

    /** A task whose compute() reaches a helper outside task classes that runs another task on a pool. */
    private static final String TASK = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.ForkJoinTask;
            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                final ForkJoinPool pool; final int n;
                Sum(ForkJoinPool pool, int n) { this.pool = pool; this.n = n; }

                @Override
                protected Long compute() {
                    return n <= 1 ? n : Helper.run(pool, new Sum(pool, n - 1)) + 1;
                }
            }

            class Helper {
                static long run(ForkJoinPool pool, Sum task) {
            %s
                }
            }
            """;

    private static void check(String body) {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Sum.java", TASK.formatted(body)).check();
    }

    @Test
    void aPoolInvokeInTheFallbackOfAGuardedConditionalIsNoFinding() {
        check("""
                        return ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool ? task.invoke() : pool.invoke(task);""");
    }

    @Test
    void aPoolExecuteOffTheWorkerSideOfAPatternMatchingCheckIsNoFinding() {
        check("""
                        if (Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread t && t.getPool() == pool) {
                            return task.invoke();
                        } else {
                            pool.execute(task);
                            return task.join();
                        }""");
    }

    @Test
    void aPatternMatchingCheckOfAnotherTypeIsNoGuard() {
        check("""
                        if (Thread.currentThread() instanceof Thread t && t.isDaemon()) {
                            return task.invoke();
                        } else {
                            pool.execute(task); // expect: centralized-pooling
                            return task.join();
                        }""");
    }

    @Test
    void aConditionalThatDoesNotAskWhereItRunsStillSubmits() {
        check("""
                        return task.n > 2 ? task.invoke() : pool.invoke(task); // expect: centralized-pooling""");
    }

    @Test
    void aGuardThatRunsAnotherTaskInPlaceIsNoExcuse() {
        check("""
                        Sum other = new Sum(pool, 1);
                        return ForkJoinTask.getPool() == pool ? other.invoke() : pool.invoke(task); // expect: centralized-pooling""");
    }

    @Test
    void theGuardedBranchItselfIsNotTheFallback() {
        check("""
                        return ForkJoinTask.getPool() != pool ? pool.invoke(task) : task.invoke(); // expect: centralized-pooling""");
    }

    /** A submission in a function handed to {@code exceptionally(..)} runs only after a failure (a reconnect). */
    @Test
    void aSubmissionOnlyInAFailureCallbackIsNoFinding() {
        check("""
                        java.util.concurrent.CompletableFuture<Long> done = new java.util.concurrent.CompletableFuture<>();
                        done.exceptionally(e -> pool.invoke(new Sum(pool, 1)));
                        done.thenApply(v -> pool.invoke(new Sum(pool, 1))); // expect: centralized-pooling
                        return task.invoke();""");
    }
}
