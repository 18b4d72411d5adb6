package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * {@code ExecutorService.invokeAll} returns when every task is done, so {@code get()} on the futures it
 * returned does not wait: the wait is invokeAll's (chess' board evaluators). Futures from {@code submit}
 * are not done when get() is called.
 */
class CompletedFuturesTest {

    private static String task(String body) {
        return """
                package p;
                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.Callable;
                import java.util.concurrent.ExecutionException;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Future;
                import java.util.concurrent.RecursiveTask;
                class Evaluate extends RecursiveTask<Long> {
                    private final ExecutorService executor;
                    private final List<Callable<Long>> checks;
                    Evaluate(ExecutorService executor, List<Callable<Long>> checks) {
                        this.executor = executor;
                        this.checks = checks;
                    }
                    @Override
                    protected Long compute() {
                        long sum = 0;
                        try {
                BODY
                        } catch (InterruptedException | ExecutionException e) {
                            throw new IllegalStateException(e);
                        }
                        return sum;
                    }
                }
                """.replace("BODY", body);
    }

    @Test
    void getOnTheFuturesInvokeAllReturnedDoesNotWait() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Evaluate.java", task("""
                            for (var future : executor.invokeAll(checks)) { // expect: intra-task-sync
                                sum += future.get();
                            }
                            List<Future<Long>> again = executor.invokeAll(checks); // expect: intra-task-sync
                            for (int i = 0; i < again.size(); i++) {
                                sum += again.get(i).get();
                            }
                """)).check();
    }

    @Test
    void getOnSubmittedFuturesWaits() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Evaluate.java", task("""
                            List<Future<Long>> futures = new ArrayList<>();
                            for (Callable<Long> check : checks) {
                                futures.add(executor.submit(check));
                            }
                            for (Future<Long> future : futures) {
                                sum += future.get(); // expect: intra-task-sync
                            }
                            for (Future<Long> future : executor.invokeAll(checks)) { // expect: intra-task-sync
                                future = executor.submit(checks.get(0));
                                sum += future.get(); // expect: intra-task-sync
                            }
                """)).check();
    }

    @Test
    void aCompletableFutureWaitIsCompensatedByTheJdkButAPlainFutureIsNot() {
        // on a pool worker CompletableFuture.join/get wait in ForkJoinPool.managedBlock, which adds a spare worker
        RuleTester.of(IntraTaskSyncRule.class).source("p/Evaluate.java", task("""
                            java.util.concurrent.CompletableFuture<Long> first = java.util.concurrent.CompletableFuture
                                    .supplyAsync(() -> 1L, executor);
                            java.util.concurrent.CompletableFuture.allOf(first).join();
                            sum += first.get();
                            sum += executor.submit(checks.get(0)).get(); // expect: intra-task-sync
                """)).check();
    }

    @Test
    void aListFirstNullOrEmptyThenFilledByInvokeAllHoldsDoneFutures() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Evaluate.java", task("""
                            List<Future<Long>> futures = null;
                            futures = executor.invokeAll(checks); // expect: intra-task-sync
                            for (Future<Long> future : futures) {
                                sum += future.get();
                            }
                            List<Future<Long>> done = new ArrayList<>();
                            done.addAll(executor.invokeAll(checks)); // expect: intra-task-sync
                            for (Future<Long> future : done) {
                                sum += future.get();
                            }
                """)).check();
    }

    @Test
    void aListThatAlsoTakesOtherFuturesStillWaits() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Evaluate.java", task("""
                            List<Future<Long>> futures = new ArrayList<>();
                            futures.addAll(executor.invokeAll(checks)); // expect: intra-task-sync
                            futures.add(executor.submit(checks.get(0)));
                            for (Future<Long> future : futures) {
                                sum += future.get(); // expect: intra-task-sync
                            }
                            List<Future<Long>> handed = new ArrayList<>();
                            handed.addAll(executor.invokeAll(checks)); // expect: intra-task-sync
                            fill(handed);
                            for (Future<Long> future : handed) {
                                sum += future.get(); // expect: intra-task-sync
                            }
                """).replace("    @Override\n    protected Long compute()", """
                    void fill(List<Future<Long>> futures) {
                        futures.add(executor.submit(checks.get(0)));
                    }
                    @Override
                    protected Long compute()""")).check();
    }
}
