package org.fjdoctor.refactorings.poolpercall;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class SharedPoolRewriteTest {

    private static final String TASK = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                final int[] a;

                Sum(int[] a) {
                    this.a = a;
                }

                @Override
                protected Long compute() {
                    long s = 0;
                    for (int x : a) {
                        s += x;
                    }
                    return s;
                }
            }
            """;

    private static final String SERVICE = """
            package p;

            import java.util.concurrent.ForkJoinPool;

            class Service {
                static final int THREADS = 4;

                long handle(int[] request) {
                    ForkJoinPool pool = new ForkJoinPool(THREADS);
                    try {
                        return pool.invoke(new Sum(request));
                    } finally {
                        pool.shutdown();
                    }
                }
            }
            """;

    /**
     * A class that runs {@code call} once per input, in a loop: a pool ended after its one use is per call only
     * where the sources run its method again and again.
     */
    private static String caller(String call) {
        return """
                package p;

                import java.util.List;

                class Caller {
                    long each(List<int[]> inputs) {
                        long s = 0;
                        for (int[] input : inputs) {
                            s += %s;
                        }
                        return s;
                    }
                }
                """.formatted(call);
    }

    @Test
    void movesThePoolIntoAStaticFieldAndDropsTheShutdown() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("new Service().handle(input)"))
                .before("p/Service.java", SERVICE)
                .after("p/Service.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Service {
                            static final int THREADS = 4;
                            private static final ForkJoinPool POOL = new ForkJoinPool(THREADS);

                            long handle(int[] request) {
                                ForkJoinPool pool = POOL;
                                return pool.invoke(new Sum(request));
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aPoolUsedInPlaceInAClassWithoutFields() {
        String before = """
                package p;

                class Once {
                    long run(int[] a) {
                        return new jsr166y.ForkJoinPool(2).invoke(new Old(a));
                    }
                }
                """;
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Old.java", """
                        package p;

                        import jsr166y.RecursiveTask;

                        class Old extends RecursiveTask<Long> {
                            final int[] a;

                            Old(int[] a) {
                                this.a = a;
                            }

                            @Override
                            protected Long compute() {
                                return (long) a.length;
                            }
                        }
                        """)
                .before("p/Once.java", before)
                .after("p/Once.java", """
                        package p;

                        class Once {
                            private static final jsr166y.ForkJoinPool POOL = new jsr166y.ForkJoinPool(2);

                            long run(int[] a) {
                                return POOL.invoke(new Old(a));
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aParallelismFromTheCallGetsOnePoolPerParallelism() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("new Service().handle(input)"))
                .before("p/Service.java", replaceOnce(SERVICE, "new ForkJoinPool(THREADS)", "new ForkJoinPool(request.length)"))
                .after("p/Service.java", """
                        package p;

                        import java.util.concurrent.ConcurrentHashMap;
                        import java.util.concurrent.ConcurrentMap;
                        import java.util.concurrent.ForkJoinPool;

                        class Service {
                            static final int THREADS = 4;
                            private static final ConcurrentMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

                            long handle(int[] request) {
                                ForkJoinPool pool = POOLS.computeIfAbsent(request.length, ForkJoinPool::new);
                                return pool.invoke(new Sum(request));
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aParallelismFromTheCallInATryWithResources() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("Finder.find(input, 4)"))
                .before("p/Finder.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Finder {
                            static long find(int[] data, int threads) {
                                try (ForkJoinPool forkJoinPool = new ForkJoinPool(threads)) {
                                    return forkJoinPool.invoke(new Sum(data));
                                }
                            }
                        }
                        """)
                .after("p/Finder.java", """
                        package p;

                        import java.util.concurrent.ConcurrentHashMap;
                        import java.util.concurrent.ConcurrentMap;
                        import java.util.concurrent.ForkJoinPool;

                        class Finder {
                            private static final ConcurrentMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

                            static long find(int[] data, int threads) {
                                ForkJoinPool forkJoinPool = POOLS.computeIfAbsent(threads, ForkJoinPool::new);
                                return forkJoinPool.invoke(new Sum(data));
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aPoolBuiltFromMoreThanItsParallelismStaysManual() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Service.java", replaceOnce(SERVICE, "new ForkJoinPool(THREADS)",
                        "new ForkJoinPool(request.length, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true)"))
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aTryFinallyOnOneLineLosesItsFinallyInPlace() {
        // The try does not own its lines: whole lines cannot move, so the body's statements stay where the try was.
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("new Service().handle(input)"))
                .before("p/Service.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Service {
                            static final int THREADS = 4;

                            long handle(int[] request) {
                                ForkJoinPool pool = new ForkJoinPool(THREADS);
                                try { return pool.invoke(new Sum(request)); } finally { pool.shutdown(); }
                            }
                        }
                        """)
                .after("p/Service.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Service {
                            static final int THREADS = 4;
                            private static final ForkJoinPool POOL = new ForkJoinPool(THREADS);

                            long handle(int[] request) {
                                ForkJoinPool pool = POOL;
                                return pool.invoke(new Sum(request));
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aPoolCreatedInTaskCodeStaysManual() {
        // The caller is a worker of the outer pool and waits there (helping, adding spare workers): a shared
        // inner pool keeps that wait and measured slower on agutsul/chess, so no shared pool is offered.
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Outer.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;
                        import java.util.concurrent.RecursiveTask;

                        class Outer extends RecursiveTask<Long> {
                            static final int THREADS = 4;
                            final int[] a;

                            Outer(int[] a) {
                                this.a = a;
                            }

                            @Override
                            protected Long compute() {
                                ForkJoinPool pool = new ForkJoinPool(THREADS);
                                try {
                                    return pool.invoke(new Sum(a));
                                } finally {
                                    pool.shutdown();
                                }
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aShutdownInsideTheTryGoesAsAStatement() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Loop.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Loop {
                            static long all(int[][] requests) {
                                long total = 0;
                                for (int[] r : requests) {
                                    ForkJoinPool pool = new ForkJoinPool();
                                    total += pool.invoke(new Sum(r));
                                    pool.shutdown(); // done with it
                                }
                                return total;
                            }
                        }
                        """)
                .after("p/Loop.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Loop {
                            private static final ForkJoinPool POOL = new ForkJoinPool();

                            static long all(int[][] requests) {
                                long total = 0;
                                for (int[] r : requests) {
                                    ForkJoinPool pool = POOL;
                                    total += pool.invoke(new Sum(r));
                                }
                                return total;
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    private static final String CLOSED_BY_TRY = """
            package p;

            import java.util.concurrent.ForkJoinPool;

            class Board {
                long build(int[] cells) {
                    try (var pool = new ForkJoinPool()) {
                        long sum = pool.invoke(new Sum(cells));
                        return sum * 2;
                    }
                }
            }
            """;

    @Test
    void aPoolClosedByTryWithResourcesLeavesTheResourcesAndTheTryGoes() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("new Board().build(input)"))
                .before("p/Board.java", CLOSED_BY_TRY)
                .after("p/Board.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Board {
                            private static final ForkJoinPool POOL = new ForkJoinPool();

                            long build(int[] cells) {
                                var pool = POOL;
                                long sum = pool.invoke(new Sum(cells));
                                return sum * 2;
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aTryWithResourcesThatCatchesKeepsItsCatchAndLosesItsResource() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Caller.java", caller("new Board().build(input)"))
                .before("p/Board.java", """
                        package p;

                        import java.util.concurrent.CancellationException;
                        import java.util.concurrent.ForkJoinPool;

                        class Board {
                            long build(int[] cells) {
                                try (ForkJoinPool pool = new ForkJoinPool()) {
                                    return pool.invoke(new Sum(cells));
                                } catch (CancellationException e) {
                                    throw new IllegalStateException("interrupted");
                                }
                            }
                        }
                        """)
                .after("p/Board.java", """
                        package p;

                        import java.util.concurrent.CancellationException;
                        import java.util.concurrent.ForkJoinPool;

                        class Board {
                            private static final ForkJoinPool POOL = new ForkJoinPool();

                            long build(int[] cells) {
                                ForkJoinPool pool = POOL;
                                try {
                                    return pool.invoke(new Sum(cells));
                                } catch (CancellationException e) {
                                    throw new IllegalStateException("interrupted");
                                }
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aTryWhoseLocalsWouldClashWithLaterOnesStaysManual() {
        RewriteTester.of(SharedPoolRewrite.class)
                .before("p/Sum.java", TASK)
                .before("p/Board.java", replaceOnce(replaceOnce(CLOSED_BY_TRY, "return sum * 2;", "cells[0] = (int) sum;"),
                        "        }\n    }\n}", "        }\n        long sum = 0;\n        return sum;\n    }\n}"))
                .safety(Safety.REVIEW)
                .check();
    }
}
