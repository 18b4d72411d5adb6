package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class PoolPerCallRuleTest {

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

    @Test
    void poolPerRequestShutDownAfterOneUse() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Sum.java", TASK)
                .source("p/Service.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Service {
                            long serve(java.util.List<int[]> requests) {
                                long total = 0;
                                for (int[] request : requests) {
                                    total += handle(request) + closed(request);
                                }
                                return total;
                            }

                            long handle(int[] request) {
                                ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "shut down right after"
                                try {
                                    return pool.invoke(new Sum(request));
                                } finally {
                                    pool.shutdown();
                                }
                            }

                            long viaHelper(int[] request) {
                                Helper helper = new Helper(new ForkJoinPool(2)); // expect: pool-per-call
                                return helper.run(request);
                            }

                            Helper kept;

                            void keep() {
                                kept = new Helper(new ForkJoinPool(2));
                            }

                            static class Helper {
                                final ForkJoinPool pool;

                                Helper(ForkJoinPool pool) {
                                    this.pool = pool;
                                }

                                long run(int[] request) {
                                    return pool.invoke(new Sum(request));
                                }
                            }

                            long closed(int[] request) {
                                try (ForkJoinPool pool = new ForkJoinPool(2)) { // expect: pool-per-call "closed right after"
                                    return run(pool, request);
                                }
                            }

                            static long run(ForkJoinPool pool, int[] request) {
                                return pool.invoke(new Sum(request));
                            }

                            long inPlace(int[] request) {
                                return new ForkJoinPool().invoke(new Sum(request)); // expect: pool-per-call "never shut down"
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aPoolEndedAfterItsOneUseInCodeNothingRunsRepeatedlyIsNoFinding() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Sum.java", TASK)
                .source("p/Job.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Job {
                            long run(int[] input) {
                                ForkJoinPool pool = new ForkJoinPool(4);
                                try {
                                    return pool.invoke(new Sum(input));
                                } finally {
                                    pool.shutdown();
                                }
                            }

                            long closed(int[] input) {
                                try (ForkJoinPool pool = new ForkJoinPool(2)) {
                                    return pool.invoke(new Sum(input));
                                }
                            }

                            long leaked(int[] input) {
                                return new ForkJoinPool().invoke(new Sum(input)); // expect: pool-per-call "never shut down"
                            }

                            long perElement(java.util.List<int[]> inputs) {
                                return inputs.stream().mapToLong(this::closedAgain).sum();
                            }

                            long closedAgain(int[] input) {
                                try (ForkJoinPool pool = new ForkJoinPool(2)) { // expect: pool-per-call "closed right after"
                                    return pool.invoke(new Sum(input));
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void poolHandedToAHelperThatOnlyUsesItIsStillPerCall() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Sum.java", TASK)
                .source("p/Sorter.java", """
                        package p;

                        import java.util.List;
                        import java.util.concurrent.ForkJoinPool;

                        class Sorter {
                            static List<ForkJoinPool> kept = new java.util.ArrayList<>();

                            static long sort(int[] request) throws Exception {
                                ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "never shut down"
                                return recurse(request, 3, pool);
                            }

                            private static long recurse(int[] request, int depth, ForkJoinPool pool) throws Exception {
                                long here = pool.submit(() -> request.length).get();
                                return depth == 0 ? here : here + recurse(request, depth - 1, pool);
                            }

                            static void register() {
                                ForkJoinPool pool = new ForkJoinPool(2);
                                keep(pool);
                            }

                            private static void keep(ForkJoinPool pool) {
                                kept.add(pool);
                            }

                            static long endedByHelper(int[] request) {
                                ForkJoinPool pool = new ForkJoinPool(2);
                                try {
                                    return pool.invoke(new Sum(request));
                                } finally {
                                    end(pool);
                                }
                            }

                            private static void end(ForkJoinPool pool) {
                                pool.shutdown();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void poolInALoopAndInTaskCode() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Sum.java", TASK)
                .source("p/Batch.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;
                        import java.util.concurrent.RecursiveAction;

                        class Batch {
                            public static void main(String[] args) {
                                long total = 0;
                                for (int i = 0; i < 10; i++) {
                                    ForkJoinPool pool = new ForkJoinPool(2); // expect: pool-per-call "once per iteration"
                                    total += pool.invoke(new Sum(new int[] {i}));
                                    pool.shutdown();
                                }
                                System.out.println(total);
                                new Nested().fork();
                            }

                            static class Nested extends RecursiveAction {
                                @Override
                                protected void compute() {
                                    new ForkJoinPool().invoke(new Sum(new int[] {1})); // expect: pool-per-call "task code"
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void jsr166yPoolPerCall() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Old.java", """
                        package p;

                        import jsr166y.ForkJoinPool;
                        import jsr166y.RecursiveAction;

                        class Old {
                            void run(RecursiveAction action) {
                                ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call
                                pool.invoke(action);
                            }
                        }
                        """)
                .check();
    }

    @Test
    void poolsCreatedOnceAreFine() {
        RuleTester.of(PoolPerCallRule.class)
                .source("p/Sum.java", TASK)
                .source("p/Shared.java", """
                        package p;

                        import java.util.concurrent.ForkJoinPool;

                        class Shared {
                            static final ForkJoinPool POOL = new ForkJoinPool(4);
                            private ForkJoinPool lazy;
                            private final ForkJoinPool owned;

                            Shared() {
                                owned = new ForkJoinPool(2);
                            }

                            ForkJoinPool pool() {
                                if (lazy == null) {
                                    lazy = new ForkJoinPool();
                                }
                                return lazy;
                            }

                            static ForkJoinPool create(int n) {
                                ForkJoinPool pool = new ForkJoinPool(n);
                                return pool;
                            }

                            public static void main(String[] args) {
                                ForkJoinPool pool = new ForkJoinPool(4);
                                System.out.println(pool.invoke(new Sum(new int[] {1, 2})));
                                pool.shutdown();
                            }
                        }
                        """)
                .check();
    }
}
