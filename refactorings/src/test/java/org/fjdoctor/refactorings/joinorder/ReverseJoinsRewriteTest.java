package org.fjdoctor.refactorings.joinorder;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class ReverseJoinsRewriteTest {

    private static final String FILE = "p/Sum.java";

    private static final String BEFORE = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                private final long[] a;
                private final int lo;
                private final int hi;

                Sum(long[] a, int lo, int hi) {
                    this.a = a;
                    this.lo = lo;
                    this.hi = hi;
                }

                @Override
                protected Long compute() {
                    if (hi - lo < 100) {
                        long s = 0;
                        for (int i = lo; i < hi; i++) {
                            s += a[i];
                        }
                        return s;
                    }
                    int third = (hi - lo) / 3;
                    Sum x = new Sum(a, lo, lo + third);
                    Sum y = new Sum(a, lo + third, lo + 2 * third);
                    Sum z = new Sum(a, lo + 2 * third, hi);
                    x.fork();
                    y.fork();
                    long own = z.compute();
                    long fromX = x.join(); // first half
                    final long fromY = y.join();
                    return own + fromX + fromY;
                }
            }
            """;

    @Test
    void joinStatementsTradePlaces() {
        RewriteTester.of(ReverseJoinsRewrite.class).before(FILE, BEFORE)
                .after(FILE, replaceOnce(BEFORE, "long fromX = x.join(); // first half\n        final long fromY = y.join();",
                        "final long fromY = y.join(); // first half\n        long fromX = x.join();"))
                .check();
    }

    @Test
    void integerSumOfThreeJoinsOnTheBackport() {
        String before = replaceOnce(replaceOnce(BEFORE, "java.util.concurrent.RecursiveTask", "jsr166y.RecursiveTask"),
                "        long own = z.compute();\n        long fromX = x.join(); // first half\n"
                        + "        final long fromY = y.join();\n        return own + fromX + fromY;",
                "        z.fork();\n        return x.join() + y.join() + z.join();");
        RewriteTester.of(ReverseJoinsRewrite.class).before(FILE, before)
                .after(FILE, replaceOnce(before, "x.join() + y.join() + z.join()", "z.join() + y.join() + x.join()"))
                .check();
    }

    @Test
    void statementsThatDoMoreAreOnlyOfferedForReview() {
        String before = replaceOnce(BEFORE, "long fromX = x.join(); // first half\n        final long fromY = y.join();\n"
                + "        return own + fromX + fromY;", "java.util.List<Long> parts = new java.util.ArrayList<>();\n"
                + "        parts.add(x.join());\n        parts.add(y.join());\n        return own + parts.get(0) - parts.get(1);");
        RewriteTester.of(ReverseJoinsRewrite.class).before(FILE, before).check();
        RewriteTester.of(ReverseJoinsRewrite.class).safety(Safety.REVIEW).before(FILE, before)
                .after(FILE, replaceOnce(before, "parts.add(x.join());\n        parts.add(y.join());",
                        "parts.add(y.join());\n        parts.add(x.join());"))
                .check();
    }

    @Test
    void orderDependentExpressionsAreLeftAlone() {
        String before = replaceOnce(BEFORE, "long fromX = x.join(); // first half\n        final long fromY = y.join();\n"
                + "        return own + fromX + fromY;", "return own + x.join() - y.join();");
        RewriteTester.of(ReverseJoinsRewrite.class).safety(Safety.REVIEW).before(FILE, before).check();
        String interleaved = replaceOnce(BEFORE, "final long fromY = y.join();", "own += fromX;\n        long fromY = y.join();");
        RewriteTester.of(ReverseJoinsRewrite.class).safety(Safety.REVIEW).before(FILE, interleaved).check();
    }
}
