package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * An {@code ExecutorService} that a factory method of the project makes is a fork/join pool when the factory
 * returns one ({@code return new ForkJoinPool(n);}), also through a parameter the factory hands on; code
 * submitted to it, from a field or a local, is task code. A factory of plain thread pools makes none.
 */
class PoolFactoryTest {

    @Test
    void executorsThatAFactoryMakesAsForkJoinPoolsRunTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Pools.java", """
                package p;
                import java.util.concurrent.*;
                final class Pools {
                    static ExecutorService newWorkStealing(int threads) {
                        ExecutorService pool = new ForkJoinPool(threads);
                        return pool;
                    }
                    static ExecutorService newFixed(int threads) {
                        return Executors.newFixedThreadPool(threads);
                    }
                    static Runner wrap(ExecutorService executor) {
                        return new Runner(executor);
                    }
                }
                """).source("p/Runner.java", """
                package p;
                import java.util.concurrent.*;
                class Runner {
                    static final Object LOCK = new Object();
                    static long count;
                    static final Runner SHARED = Pools.wrap(new ForkJoinPool(2));
                    private final ExecutorService executor;
                    Runner(ExecutorService executor) {
                        this.executor = executor;
                    }
                    void run() {
                        executor.execute(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                count++;
                            }
                        });
                    }
                }
                """).source("p/Service.java", """
                package p;
                import java.util.concurrent.*;
                class Service {
                    static final Object LOCK = new Object();
                    static long count;
                    private final ExecutorService stealing = Pools.newWorkStealing(4);
                    private final ExecutorService fixed = Pools.newFixed(4);
                    void handle() throws Exception {
                        stealing.execute(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                count++;
                            }
                        });
                        fixed.execute(() -> {
                            synchronized (LOCK) {
                                count--;
                            }
                        });
                        ExecutorService local = Pools.newWorkStealing(2);
                        local.submit(() -> {
                            synchronized (Service.class) { // expect: intra-task-sync
                                return count;
                            }
                        }).get();
                    }
                }
                """).check();
    }
}
