package org.fjdoctor.refactorings.nosequentialcutoff;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class SequentialCutoffRewriteTest {

    private static final String SUM = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
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
                    if (hi - lo <= 1) {
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
    void aLeafThatLoopsGetsANamedThreshold() {
        String after = replaceOnce(SUM, "if (hi - lo <= 1) {", "if (hi - lo <= SEQUENTIAL_THRESHOLD) {");
        after = replaceOnce(after, "    final int hi;\n", "    final int hi;\n    private static final int SEQUENTIAL_THRESHOLD = 1000;\n");
        RewriteTester.of(SequentialCutoffRewrite.class)
                .before("p/Sum.java", SUM)
                .after("p/Sum.java", after)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aSplitConditionKeepsItsDirection() {
        String before = replaceOnce(SUM, "if (hi - lo <= 1) {", "if (hi - lo < 2) {");
        String after = replaceOnce(before, "if (hi - lo < 2) {", "if (hi - lo <= SEQUENTIAL_THRESHOLD) {");
        after = replaceOnce(after, "    final int hi;\n", "    final int hi;\n    private static final int SEQUENTIAL_THRESHOLD = 1000;\n");
        RewriteTester.of(SequentialCutoffRewrite.class)
                .before("p/Sum.java", before)
                .after("p/Sum.java", after)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aPerElementLeafMovesIntoALoop() {
        RewriteTester.of(SequentialCutoffRewrite.class)
                .before("p/Square.java", """
                        package p;

                        import jsr166y.RecursiveAction;

                        class Square extends RecursiveAction {
                            private final double[] a;
                            private final int from;
                            private final int to;

                            Square(double[] a, int from, int to) {
                                this.a = a;
                                this.from = from;
                                this.to = to;
                            }

                            @Override
                            protected void compute() {
                                if (to - from > 1) {
                                    int mid = (from + to) >>> 1;
                                    invokeAll(new Square(a, from, mid), new Square(a, mid, to));
                                } else {
                                    a[from] = a[from] * a[from]; // square it
                                }
                            }
                        }
                        """)
                .after("p/Square.java", """
                        package p;

                        import jsr166y.RecursiveAction;

                        class Square extends RecursiveAction {
                            private final double[] a;
                            private final int from;
                            private final int to;
                            private static final int SEQUENTIAL_THRESHOLD = 1000;

                            Square(double[] a, int from, int to) {
                                this.a = a;
                                this.from = from;
                                this.to = to;
                            }

                            @Override
                            protected void compute() {
                                if (to - from > SEQUENTIAL_THRESHOLD) {
                                    int mid = (from + to) >>> 1;
                                    invokeAll(new Square(a, from, mid), new Square(a, mid, to));
                                } else {
                                    for (int i = from; i < to; i++) {
                                        a[i] = a[i] * a[i]; // square it
                                    }
                                }
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void fibonacciStaysManual() {
        RewriteTester.of(SequentialCutoffRewrite.class)
                .before("p/Fib.java", """
                        package p;

                        import java.util.concurrent.RecursiveTask;

                        class Fib extends RecursiveTask<Integer> {
                            final int n;

                            Fib(int n) {
                                this.n = n;
                            }

                            @Override
                            protected Integer compute() {
                                if (n <= 1) {
                                    return n;
                                }
                                Fib f1 = new Fib(n - 1);
                                f1.fork();
                                return new Fib(n - 2).compute() + f1.join();
                            }
                        }
                        """)
                .safety(Safety.REVIEW)
                .check();
    }
}
