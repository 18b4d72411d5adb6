package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pause in the functions of a parallel stream or of an {@code *Async} call without an executor pauses a
 * common-pool worker, as one in a task pauses its pool's worker; the same pause on an error path, under an
 * executor of its own or in a sequential pipeline is not the common pool's.
 */
class CommonPoolPauseTest {

    @Test
    void pauseInAsyncFunctionAndInAParallelPipelinesHelperIsReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Kitchen.java", """
                package p;
                import java.util.List;
                import java.util.concurrent.CompletableFuture;
                import java.util.concurrent.TimeUnit;
                class Kitchen {
                    static void nap(long millis) {
                        try {
                            TimeUnit.MILLISECONDS.sleep(millis); // expect: sleepy-worker
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    CompletableFuture<String> bake(String cake) {
                        return CompletableFuture.supplyAsync(() -> {
                            nap(100);
                            return cake;
                        });
                    }
                    void slice(List<String> cakes) {
                        cakes.parallelStream().forEach(c -> nap(10));
                    }
                    void poll(List<String> orders) {
                        CompletableFuture.runAsync(() -> {
                            while (!orders.isEmpty()) {
                                try {
                                    Thread.sleep(50); // expect: sleepy-worker
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
                    }
                }
                """).check();
    }

    @Test
    void pauseOffTheCommonPoolOrOnAnErrorPathIsNotReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Kitchen.java", """
                package p;
                import java.util.List;
                import java.util.concurrent.CompletableFuture;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Executors;
                class Kitchen {
                    private final ExecutorService oven = Executors.newFixedThreadPool(4);
                    static void nap(long millis) {
                        try {
                            Thread.sleep(millis);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    CompletableFuture<String> bake(String cake) {
                        return CompletableFuture.supplyAsync(() -> {
                            nap(100);
                            return cake;
                        }, oven);
                    }
                    void slice(List<String> cakes) {
                        cakes.stream().forEach(c -> nap(10));
                    }
                    CompletableFuture<String> retry(String order) {
                        return CompletableFuture.supplyAsync(() -> {
                            try {
                                return order.trim();
                            } catch (RuntimeException e) {
                                nap(1000);
                                return order;
                            }
                        });
                    }
                }
                """).check();
    }
}
