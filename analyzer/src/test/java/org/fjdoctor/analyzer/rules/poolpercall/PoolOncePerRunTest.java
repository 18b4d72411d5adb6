package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool created once per program run (in a method only {@code main} calls, once) or once per long
 * operation (used across a loop of submissions) is not a pool per call; a pool set up as
 * {@code pool = null; try { pool = new ..; } finally { if (pool != null) pool.shutdown(); }} is shut down.
 */
class PoolOncePerRunTest {

    static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveTask;
            class Sum extends RecursiveTask<Long> {
                final int n;
                Sum(int n) { this.n = n; }
                @Override
                protected Long compute() { return (long) n; }
            }
            """;

    @Test
    void aPoolInAMethodThatOnlyMainCallsOnceIsCreatedOncePerRun() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/App.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class App {
                    public static void main(String[] args) {
                        new App().run(Integer.parseInt(args[0]));
                    }
                    private long run(int n) {
                        ForkJoinPool pool = new ForkJoinPool(4);
                        try {
                            return pool.invoke(new Sum(n));
                        } finally {
                            pool.shutdown();
                        }
                    }
                    long perRequest(int n) {
                        ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "shut down right after"
                        try {
                            return pool.invoke(new Sum(n));
                        } finally {
                            pool.shutdown();
                        }
                    }
                    void serve(int[] requests) {
                        for (int r : requests) {
                            perRequest(r);
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolThatServesALoopOfSubmissionsIsOnePerOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Batch.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Batch {
                    long all(int[] sizes) {
                        ForkJoinPool pool = new ForkJoinPool(4);
                        long total = 0;
                        for (int n : sizes) {
                            total += pool.invoke(new Sum(n));
                        }
                        pool.shutdown();
                        return total;
                    }
                }
                """).check();
    }

    @Test
    void aPoolCreatedOnEveryPassOfALoopIsStillOnePerPass() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Sizes.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Sizes {
                    long all(int[] sizes) {
                        long total = 0;
                        for (int n : sizes) {
                            ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "once per iteration"
                            for (int t = 0; t < 4; t++) {
                                total += pool.invoke(new Sum(n));
                            }
                        }
                        return total;
                    }
                }
                """).check();
    }

    @Test
    void aNullGuardedShutdownIsAShutdown() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Guarded.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Guarded {
                    long each(int[] ns) {
                        long s = 0;
                        for (int n : ns) {
                            s += once(n);
                        }
                        return s;
                    }
                    long once(int n) {
                        ForkJoinPool pool = null;
                        try {
                            pool = new ForkJoinPool(2); // expect: pool-per-call "shut down right after"
                            return pool.invoke(new Sum(n));
                        } finally {
                            if (pool != null) {
                                pool.shutdown();
                            }
                        }
                    }
                }
                """).check();
    }
}
