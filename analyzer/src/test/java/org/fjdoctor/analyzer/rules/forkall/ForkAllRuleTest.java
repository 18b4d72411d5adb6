package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class ForkAllRuleTest {

    private static final String TASK = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
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
                    int mid = (lo + hi) >>> 1;
                    Sum left = new Sum(a, lo, mid);
                    Sum right = new Sum(a, mid, hi);
            %s
                }
            }
            """;

    private static void check(String framework, String body) {
        RuleTester.of(ForkAllRule.class).source("p/Sum.java", TASK.formatted(framework, body)).check();
    }

    @Test
    void bothHalvesForkedThenJoined() {
        check("java.util.concurrent", """
                        left.fork();
                        right.fork(); // expect: fork-all "right.invoke()"
                        return left.join() + right.join();
                """);
    }

    @Test
    void backportWithLocals() {
        check("jsr166y", """
                        left.fork();
                        right.fork(); // expect: fork-all
                        long l = left.join();
                        long r = right.join();
                        return l + r;
                """);
    }

    @Test
    void forkLoopOfPreparedTasksThenJoinLoop() {
        check("java.util.concurrent", """
                        List<Sum> parts = new ArrayList<>();
                        parts.add(left);
                        parts.add(right);
                        for (Sum part : parts) { // expect: fork-all "invokeAll(parts)"
                            part.fork();
                        }
                        long s = 0;
                        for (Sum part : parts) {
                            s += part.join();
                        }
                        return s;
                """);
    }

    @Test
    void nearMisses() {
        check("java.util.concurrent", """
                        left.fork();
                        long r = right.compute();
                        long s = r + left.join();
                        Sum x = new Sum(a, lo, mid);
                        Sum y = new Sum(a, mid, hi);
                        x.fork();
                        y.fork();
                        s += y.join() + x.join();
                        List<Sum> parts = new ArrayList<>();
                        for (int i = 0; i < 2; i++) {
                            Sum part = new Sum(a, lo, mid);
                            part.fork();
                            parts.add(part);
                        }
                        for (Sum part : parts) {
                            s += part.join();
                        }
                        return s;
                """);
    }
}
