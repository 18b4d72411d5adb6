package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Only a pool that can be a fork/join pool has a central submission queue to avoid: a private executor field
 * that only ever holds {@code Executors.newFixedThreadPool(..)} or a {@code ThreadPoolExecutor} is not
 * centralized pooling, while an executor that is given a fork/join pool is.
 */
class ThreadPoolReceiverTest {

    @Test
    void submittingToAFixedThreadPoolFromTaskCodeIsNoCentralizedPooling() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Crawl.java", """
                package p;
                import java.util.concurrent.*;
                class Crawl extends RecursiveAction {
                    private static final ExecutorService IO = Executors.newFixedThreadPool(8);
                    private static final ExecutorService WORK = ForkJoinPool.commonPool();
                    private final ExecutorService fetchers;
                    Crawl() { this.fetchers = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>()); }
                    @Override
                    protected void compute() {
                        IO.execute(() -> { });
                        fetchers.submit(() -> { });
                        WORK.execute(() -> { }); // expect: centralized-pooling
                    }
                }
                """).check();
    }

    @Test
    void anExecutorTakenFromAMapOfSingleThreadExecutorsIsNoForkJoinPool() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/PerActor.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class PerActor extends RecursiveAction {
                    private final Map<Object, ExecutorService> executors = new HashMap<>();
                    void start(Object actor) {
                        executors.put(actor, Executors.newSingleThreadExecutor());
                    }
                    @Override
                    protected void compute() {
                        ExecutorService executor = executors.get("a");
                        executor.execute(() -> { });
                    }
                }
                """).check();
    }

    @Test
    void aPoolTheMethodCreatesIsNoWorkersOwnPool() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Nested.java", """
                package p;
                import java.util.concurrent.*;
                class Nested extends RecursiveTask<Long> {
                    static final ForkJoinPool SHARED = new ForkJoinPool(2);
                    @Override
                    protected Long compute() {
                        ForkJoinPool fresh = new ForkJoinPool(2);
                        long a = fresh.invoke(new Leaf());
                        long b = CompletableFuture.supplyAsync(
                                () -> fresh.invoke(new Leaf()), fresh).join(); // expect: centralized-pooling
                        fresh.shutdown();
                        return a + b + SHARED.invoke(new Leaf()); // expect: centralized-pooling
                    }
                    static final class Leaf extends RecursiveTask<Long> {
                        @Override
                        protected Long compute() { return 1L; }
                    }
                }
                """).check();
    }

    /**
     * A class that extends ThreadPoolExecutor and submits to itself ({@code submit(task)}, no receiver written):
     * the method is declared on AbstractExecutorService, but the pool is a thread pool, never a fork/join pool.
     */
    @Test
    void submittingToItselfFromAThreadPoolExecutorSubclassIsNoCentralizedPooling() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Scheduler.java", """
                package p;
                import java.util.concurrent.*;
                class Scheduler {
                    final Worker worker = new Worker();
                    class Worker extends ThreadPoolExecutor {
                        Worker() { super(1, 1, 1, TimeUnit.DAYS, new LinkedBlockingQueue<>()); }
                        void publish(Runnable task) {
                            submit(task);
                        }
                    }
                    class Step extends RecursiveAction {
                        @Override
                        protected void compute() {
                            worker.publish(() -> { });
                            ForkJoinPool.commonPool().submit(() -> { }); // expect: centralized-pooling
                        }
                    }
                }
                """).check();
    }
}
