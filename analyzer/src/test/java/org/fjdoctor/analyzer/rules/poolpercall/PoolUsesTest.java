package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * What FJ10's message says must be true: a pool reported as "shut down right after this one use" serves one
 * submission, and one reported as "never shut down" has no shutdown on any path. A pool that is shut down after
 * serving several submissions (a callback run per file, two phases of one run) is one pool per long operation,
 * which the catalog does not count.
 */
class PoolUsesTest {

    private static final String TASK = PoolOncePerRunTest.TASK;

    @Test
    void aShutDownPoolThatACallbackSubmitsToServesTheWholeWalk() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Cleaner.java", """
                package p;
                import java.io.File;
                import java.util.concurrent.ForkJoinPool;
                import java.util.function.Consumer;
                class Cleaner {
                    long everyDirectory(File[] directories, long limit) {
                        long n = 0;
                        for (File directory : directories) {
                            deleteOlder(directory, limit);
                            n += once(directory);
                        }
                        return n;
                    }
                    void deleteOlder(File directory, long limit) {
                        ForkJoinPool pool = new ForkJoinPool();
                        each(directory, file -> {
                            if (file.lastModified() < limit) {
                                pool.submit(file::delete);
                            }
                        });
                        pool.shutdown();
                    }
                    long once(File directory) {
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "shut down right after this one use"
                        long n = pool.invoke(new Sum(directory.list().length));
                        pool.shutdown();
                        return n;
                    }
                    private static void each(File directory, Consumer<File> action) {
                        for (File file : directory.listFiles()) {
                            action.accept(file);
                        }
                    }
                }
                """).check();
    }

    @Test
    void aShutDownPoolThatServesSeveralSubmissionsIsNotUsedOnce() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Prefetch.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Prefetch {
                    long phases(int n) {
                        ForkJoinPool pool = new ForkJoinPool(4);
                        long first = pool.submit(new Sum(n)).join();
                        long second = pool.submit(new Sum(n * 2)).join();
                        pool.shutdown();
                        return first + second;
                    }
                    long leaks(int n) {
                        ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "never shut down"
                        long first = pool.submit(new Sum(n)).join();
                        return first + pool.submit(new Sum(n * 2)).join();
                    }
                }
                """).check();
    }

    @Test
    void aPoolChosenByAConditionIsShutDownWhereTheConditionSaysSo() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Limited.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Limited {
                    int parallel;
                    long each(int[] ns) {
                        long s = 0;
                        for (int n : ns) {
                            s += run(n) + leaks(n);
                        }
                        return s;
                    }
                    long run(int n) {
                        boolean dedicated = parallel != 0;
                        ForkJoinPool pool = dedicated ? new ForkJoinPool(parallel) : ForkJoinPool.commonPool(); // expect: pool-per-call "shut down right after this one use"
                        try {
                            return pool.invoke(new Sum(n));
                        } finally {
                            if (dedicated) pool.shutdown();
                        }
                    }
                    long leaks(int n) {
                        ForkJoinPool pool = parallel != 0 ? new ForkJoinPool(parallel) : ForkJoinPool.commonPool(); // expect: pool-per-call "never shut down"
                        return pool.invoke(new Sum(n));
                    }
                }
                """).check();
    }
}
