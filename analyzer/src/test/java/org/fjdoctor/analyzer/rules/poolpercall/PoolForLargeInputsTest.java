package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool built only when a size test has found the input large (a threshold of a thousand elements or more) and shut
 * down after its one use serves one long operation, as a parallel sort that sorts small ranges sequentially. The
 * same pool without the size test, behind a test of a few elements, or never shut down stays a finding.
 */
class PoolForLargeInputsTest {

    private static final String TASK = PoolOncePerRunTest.TASK;

    @Test
    void aPoolBuiltOnlyOnTheLargeSideOfASizeTestServesOneLongOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Sorts.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                public class Sorts {
                    private static final int NO_FORK = 8192;
                    // called for every array, so that only the size test keeps these pools from being per call
                    public static long all(int[][] xs) {
                        long s = 0;
                        for (int[] x : xs) {
                            s += sort(x, 0, x.length) + closed(x) + earlyReturn(x, x.length);
                        }
                        return s;
                    }
                    public static long sort(int[] x, int from, int to) {
                        if (to - from < NO_FORK) {
                            return 0;
                        } else {
                            ForkJoinPool pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors());
                            long sum = pool.invoke(new Sum(to - from));
                            pool.shutdown();
                            return sum;
                        }
                    }
                    public static long closed(int[] x) {
                        if (x.length >= 10_000) {
                            try (ForkJoinPool pool = new ForkJoinPool()) {
                                return pool.invoke(new Sum(x.length));
                            }
                        }
                        return 0;
                    }
                    public static long earlyReturn(int[] x, int n) {
                        if (n < NO_FORK) {
                            return 0;
                        }
                        ForkJoinPool pool = new ForkJoinPool();
                        try {
                            return pool.invoke(new Sum(n));
                        } finally {
                            pool.shutdown();
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolWithoutALargeSizeTestOrNeverShutDownIsStillOnePerCall() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Sorts.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                public class Sorts {
                    // called for every array: each call builds its pool again
                    public static long all(int[][] xs) {
                        long s = 0;
                        for (int[] x : xs) {
                            s += unguarded(x, 0, x.length) + fewElements(x, x.length) + smallSide(x, x.length) + leaks(x, 0, x.length);
                        }
                        return s;
                    }
                    private static final int NO_FORK = 8192;
                    public static long unguarded(int[] x, int from, int to) {
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "on every call"
                        long sum = pool.invoke(new Sum(to - from));
                        pool.shutdown();
                        return sum;
                    }
                    public static long fewElements(int[] x, int n) {
                        if (n < 2) {
                            return 0;
                        }
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "on every call"
                        try {
                            return pool.invoke(new Sum(n));
                        } finally {
                            pool.shutdown();
                        }
                    }
                    public static long smallSide(int[] x, int n) {
                        if (n < NO_FORK) {
                            ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "on every call"
                            long sum = pool.invoke(new Sum(n));
                            pool.shutdown();
                            return sum;
                        }
                        return 0;
                    }
                    public static long leaks(int[] x, int from, int to) {
                        if (to - from >= NO_FORK) {
                            ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "never shut down"
                            return pool.invoke(new Sum(to - from));
                        }
                        return 0;
                    }
                }
                """).check();
    }
}
