package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class NoSequentialCutoffRuleTest {

    private static final String SUM = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                static final int THRESHOLD = %s;
                final int[] a;
                final int lo;
                final int hi;

                Sum(int[] a, int lo, int hi) {
                    this.a = a;
                    this.lo = lo;
                    this.hi = hi;
                }

                @Override
                protected Long compute() {
                    if (%s) {%s
                        long s = 0;
                        for (int i = lo; i < hi; i++) {
                            s += a[i];
                        }
                        return s;
                    }
                    int mid = (lo + hi) >>> 1;
                    Sum left = new Sum(a, lo, mid);
                    left.fork();
                    return new Sum(a, mid, hi).compute() + left.join();
                }
            }
            """;

    @Test
    void singleElementLeaves() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1", "hi - lo <= THRESHOLD", " // expect: no-sequential-cutoff \"single element\""))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1", "hi - lo < 2", " // expect: no-sequential-cutoff"))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1", "lo + 1 >= hi", " // expect: no-sequential-cutoff"))
                .check();
    }

    @Test
    void aThresholdOfAFewElementsIsNoCutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("3", "hi - lo <= THRESHOLD", " // expect: no-sequential-cutoff \"or a few\""))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1", "hi - lo <= 2", " // expect: no-sequential-cutoff"))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("16", "hi - lo <= THRESHOLD", ""))
                .check();
    }

    @Test
    void aLargeThresholdIsACutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1_000", "hi - lo <= THRESHOLD", ""))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sum.java", SUM.formatted("1", "hi - lo <= 64", ""))
                .check();
    }

    @Test
    void fibonacciAndSplitConditions() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Fib.java", """
                        package p;

                        import jsr166y.RecursiveTask;

                        class Fib extends RecursiveTask<Integer> {
                            final int n;

                            Fib(int n) {
                                this.n = n;
                            }

                            @Override
                            protected Integer compute() {
                                if (n <= 1) { // expect: no-sequential-cutoff
                                    return n;
                                }
                                Fib f1 = new Fib(n - 1);
                                f1.fork();
                                return new Fib(n - 2).compute() + f1.join();
                            }
                        }
                        """)
                .source("p/Square.java", """
                        package p;

                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;

                        class Square extends RecursiveAction {
                            final List<int[]> rows;

                            Square(List<int[]> rows) {
                                this.rows = rows;
                            }

                            @Override
                            protected void compute() {
                                if (rows.size() > 1) { // expect: no-sequential-cutoff
                                    int mid = rows.size() / 2;
                                    invokeAll(new Square(rows.subList(0, mid)), new Square(rows.subList(mid, rows.size())));
                                } else {
                                    for (int[] row : rows) {
                                        row[0] *= row[0];
                                    }
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aTrivialCaseBeforeARealThresholdIsNoFinding() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Fib.java", """
                        package p;

                        import java.util.concurrent.RecursiveAction;

                        class Fib extends RecursiveAction {
                            int number;
                            final int threshold;

                            Fib(int number, int threshold) {
                                this.number = number;
                                this.threshold = threshold;
                            }

                            static int seq(int n) {
                                return n <= 1 ? n : seq(n - 1) + seq(n - 2);
                            }

                            @Override
                            protected void compute() {
                                int n = number;
                                if (n <= 1) {
                                    return;
                                } else if (n <= threshold) {
                                    number = seq(n);
                                } else {
                                    Fib f1 = new Fib(n - 1, threshold);
                                    Fib f2 = new Fib(n - 2, threshold);
                                    invokeAll(f1, f2);
                                    number = f1.number + f2.number;
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aDepthCutoffOrNoSubtasksIsNoFinding() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Depth.java", """
                        package p;

                        import java.util.concurrent.RecursiveTask;

                        class Depth extends RecursiveTask<Long> {
                            final int[] a;
                            final int lo;
                            final int hi;
                            final int depth;

                            Depth(int[] a, int lo, int hi, int depth) {
                                this.a = a;
                                this.lo = lo;
                                this.hi = hi;
                                this.depth = depth;
                            }

                            @Override
                            protected Long compute() {
                                if (hi - lo <= 1 || depth == 0) {
                                    long s = 0;
                                    for (int i = lo; i < hi; i++) {
                                        s += a[i];
                                    }
                                    return s;
                                }
                                int mid = (lo + hi) >>> 1;
                                Depth left = new Depth(a, lo, mid, depth - 1);
                                left.fork();
                                return new Depth(a, mid, hi, depth - 1).compute() + left.join();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aCutoffOfAnotherKindAfterTheTrivialCaseIsNoFinding() {
        // st == end only handles the trivial case; the else-if decides with a flag-chosen threshold or
        // the pool's surplus (AEminium's FjDoAll), so the split never goes down to one element.
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Fill.java", """
                        package p;

                        import java.util.concurrent.RecursiveAction;

                        class Fill extends RecursiveAction {
                            static boolean useThreshold;
                            final double[] target;
                            final int st;
                            final int end;
                            final int threshold;

                            Fill(double[] target, int st, int end, int threshold) {
                                this.target = target;
                                this.st = st;
                                this.end = end;
                                this.threshold = threshold;
                            }

                            @Override
                            protected void compute() {
                                if (st == end) {
                                    target[st] = Math.sqrt(st);
                                } else if (useThreshold ? end - st < threshold : getSurplusQueuedTaskCount() < 3) {
                                    for (int i = st; i < end; i++) {
                                        target[i] = Math.sqrt(i);
                                    }
                                } else {
                                    int h = (end - st) / 2 + st;
                                    invokeAll(new Fill(target, st, h, threshold), new Fill(target, h, end, threshold));
                                }
                            }
                        }
                        """)
                .source("p/Halve.java", """
                        package p;

                        import java.util.concurrent.RecursiveAction;

                        class Halve extends RecursiveAction {
                            static boolean useThreshold;
                            final double[] a;
                            final int n;

                            Halve(double[] a) {
                                this.a = a;
                                this.n = a.length;
                            }

                            @Override
                            protected void compute() {
                                if (n == 1) return;
                                if (useThreshold ? n <= 64 : getSurplusQueuedTaskCount() < 3) {
                                    java.util.Arrays.sort(a);
                                    return;
                                }
                                double[] low = java.util.Arrays.copyOf(a, n / 2);
                                invokeAll(new Halve(low), new Halve(java.util.Arrays.copyOfRange(a, n / 2, n)));
                            }
                        }
                        """)
                .check();
    }

    /**
     * compute() hands the work to a helper that splits down to one call per leaf: the helper's base case is
     * the task's, and a leaf that runs one call in a context of its own is still a single element.
     */
    @Test
    void aHelperOfComputeSplittingDownToOneElement() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Calls.java", """
                        package p;

                        import java.util.List;
                        import java.util.concurrent.RecursiveTask;
                        import java.util.function.Function;

                        class Calls extends RecursiveTask<Long> {
                            final List<Function<Long, Long>> calls;
                            final int start;
                            final int end;

                            Calls(List<Function<Long, Long>> calls, int start, int end) {
                                this.calls = calls;
                                this.start = start;
                                this.end = end;
                            }

                            @Override
                            protected Long compute() {
                                try {
                                    return computeValue();
                                } catch (IllegalStateException e) {
                                    completeExceptionally(e);
                                    return 0L;
                                }
                            }

                            private long computeValue() {
                                final int size = end - start;
                                if (size == 1) { // expect: no-sequential-cutoff
                                    return calls.get(start).apply((long) start);
                                }
                                final int middle = start + size / 2;
                                final Calls task2 = new Calls(calls, middle, end);
                                task2.fork();
                                final Calls task1 = new Calls(calls, start, middle);
                                return task1.invoke() + task2.join();
                            }
                        }
                        """)
                .check();
    }

    private static final String HALVES = """
            package p;

            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Halves extends RecursiveTask<Long> {
                final List<Long> items;

                Halves(List<Long> items) {
                    this.items = items;
                }

                @Override
                protected Long compute() {
                    int length = items.size();
                    if (length %s) {%s
                        return items.get(0);
                    } else if (length %% 2 != 0) {
                        throw new IllegalStateException("an even length is required");
                    }
                    Halves[] tasks = createSubtasks();
                    tasks[1].fork();
                    return tasks[0].compute() + tasks[1].join();
                }

                private Halves[] createSubtasks() {
                    int mid = items.size() / 2;
                    return new Halves[] {new Halves(items.subList(0, mid)), new Halves(items.subList(mid, items.size()))};
                }
            }
            """;

    /**
     * compute() chooses between leaf and split and only hands the creation of the subtasks to a helper: its
     * base case is judged, and a branch that only throws (an argument check) is no cutoff.
     */
    @Test
    void subtasksMadeInAHelperOfComputeThatKeepsTheBaseCase() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Halves.java", HALVES.formatted("== 1", " // expect: no-sequential-cutoff \"single element\""))
                .check();
    }

    @Test
    void aNamedThresholdBeforeSubtasksMadeInAHelperIsACutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Halves.java", HALVES.formatted("<= Limits.THRESHOLD", ""))
                .source("p/Limits.java", "package p; final class Limits { static final int THRESHOLD = 1000; }")
                .check();
    }

    @Test
    void anArgumentCheckThatOnlyThrowsIsNoCutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Halves.java", HALVES.formatted("== 1", " // expect: no-sequential-cutoff").replace(
                        "createSubtasks();\n", "{new Halves(items.subList(0, 1)), new Halves(items.subList(1, length))};\n"))
                .check();
    }

    private static final String HALVING = """
            package p;

            import java.math.BigInteger;
            import java.util.concurrent.RecursiveTask;

            class Square extends RecursiveTask<BigInteger> {
                static final int THRESHOLD = Integer.getInteger("square.threshold", 1000);
                final BigInteger x;
                final int lo;
                final int hi;

                Square(BigInteger x, int lo, int hi) {
                    this.x = x;
                    this.lo = lo;
                    this.hi = hi;
                }

                @Override
                protected BigInteger compute() {
                    int m = x.bitLength() / 2;
                    if (%s) {%s
                        return x.pow(2);
                    }
                    Square low = new Square(x.shiftRight(m), lo, m);
                    low.fork();
                    return new Square(x, m, hi).compute().add(low.join());
                }
            }
            """;

    /** A static final threshold read from a property is no literal, but no split moves it: not a range end. */
    @Test
    void aConfiguredStaticThresholdIsACutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Square.java", HALVING.formatted("m <= THRESHOLD", ""))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Square.java", HALVING.formatted("hi <= lo", " // expect: no-sequential-cutoff"))
                .check();
    }

    private static final String SORTER = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveAction;

            class Sorter extends RecursiveAction {
                private int threshold;
                private float[] array;
                private int length;
                private int start;
                private int stop;

                Sorter(int threshold) {
                    this.threshold = threshold;
                }

                Sorter(float[] array, int start, int stop) {%s
                    this.array = array;
                    this.length = stop - start;
                    this.start = start;
                    this.stop = stop;
                }

                void setThreshold(int threshold) {
                    this.threshold = threshold;
                }

                @Override
                protected void compute() {
                    if (length < threshold) {%s
                        Arrays.sort(array, start, stop + 1);
                        return;
                    }
                    int middle = start + (stop - start) / 2;
                    Sorter left = new Sorter(array, start, middle);
                    Sorter right = new Sorter(array, middle + 1, stop);%s
                    invokeAll(left, right);
                }
            }
            """;

    /** Only the root's constructor or a setter sets the threshold: it is 0 in every subtask. */
    @Test
    void aThresholdFieldTheSubtasksNeverGetIsNoCutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sorter.java", SORTER.formatted("",
                        " // expect: no-sequential-cutoff \"compares the size with threshold (length < threshold), which"
                                + " the constructor its subtasks are built with never sets\"", ""))
                .check();
    }

    @Test
    void aThresholdFieldPassedOnToTheSubtasksIsACutoff() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sorter.java", SORTER.formatted("", "", """

                                left.setThreshold(threshold);
                                right.setThreshold(threshold);"""))
                .check();
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/Sorter.java", SORTER.formatted("\n        this(1000);", "", ""))
                .check();
    }
}
