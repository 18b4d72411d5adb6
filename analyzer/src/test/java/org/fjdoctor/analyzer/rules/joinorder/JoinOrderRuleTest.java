package org.fjdoctor.analyzer.rules.joinorder;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class JoinOrderRuleTest {

    private static final String TASK = """
            package p;

            import %s.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                final long[] a; final int lo, hi;
                Sum(long[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }

                @Override
                protected Long compute() {
                    if (hi - lo < 100) {
                        long s = 0;
                        for (int i = lo; i < hi; i++) s += a[i];
                        return s;
                    }
                    int third = (hi - lo) / 3;
                    Sum x = new Sum(a, lo, lo + third);
                    Sum y = new Sum(a, lo + third, lo + 2 * third);
                    Sum z = new Sum(a, lo + 2 * third, hi);
            %s
                }
            }
            """;

    private static void check(String framework, String body) {
        RuleTester.of(JoinOrderRule.class).source("p/Sum.java", TASK.formatted(framework, body)).check();
    }

    @Test
    void joinsInForkOrder() {
        check("java.util.concurrent", """
                        x.fork();
                        y.fork();
                        long s = z.compute();
                        s += x.join(); // expect: join-order "x is joined while y, forked after it"
                        s += y.join();
                        return s;
                """);
    }

    @Test
    void joinsInOneExpressionOnTheBackport() {
        check("jsr166y", """
                        x.fork();
                        y.fork();
                        z.fork();
                        return x.join() + y.join() + z.join(); // expect: join-order "(z first)"
                """);
    }

    @Test
    void aLaterJoinOutOfOrder() {
        check("java.util.concurrent", """
                        x.fork();
                        y.fork();
                        z.fork();
                        long last = z.join();
                        long first = x.join(); // expect: join-order "x is joined while y"
                        return first + y.join() + last;
                """);
    }

    @Test
    void reverseOrderAndSingleForksAreFine() {
        check("java.util.concurrent", """
                        x.fork();
                        y.fork();
                        long s = y.join() + x.join();
                        z.fork();
                        s += new Sum(a, lo, lo).compute();
                        return s + z.join();
                """);
    }

    @Test
    void tasksHandedOnOrJoinedConditionallyAreNotOrdered() {
        check("java.util.concurrent", """
                        x.fork();
                        y.fork();
                        java.util.List<Sum> rest = java.util.List.of(y);
                        long s = x.join();
                        z.fork();
                        Sum w = new Sum(a, lo, lo);
                        w.fork();
                        if (s > 0) {
                            s += z.join();
                        }
                        return s + w.join() + rest.size();
                """);
    }

    @Test
    void arrayElementsJoinedInForkOrder() {
        check("java.util.concurrent", """
                        Sum[] t = {x, y, z};
                        t[0].fork();
                        t[1].fork();
                        long s = t[2].compute();
                        s += t[0].join(); // expect: join-order "t[0] is joined while t[1], forked after it"
                        return s + t[1].join();
                """);
    }

    @Test
    void arrayElementsJoinedInReverseOrVariableIndicesAreFine() {
        check("java.util.concurrent", """
                        Sum[] t = {x, y, z};
                        t[0].fork();
                        t[1].fork();
                        long s = t[2].compute();
                        s += t[1].join();
                        int k = 0;
                        t[k].fork();
                        t[k + 1].fork();
                        s += t[k].join();
                        return s + t[0].join() + t[k + 1].join();
                """);
    }
}
