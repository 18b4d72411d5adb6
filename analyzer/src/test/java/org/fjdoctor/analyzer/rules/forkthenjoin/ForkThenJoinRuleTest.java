package org.fjdoctor.analyzer.rules.forkthenjoin;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class ForkThenJoinRuleTest {

    @Test
    void forkFollowedByItsJoin() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Sum.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

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
                        left.fork(); // expect: fork-then-join "left.fork() is followed at once by left.join()"
                        long l = left.join();
                        right.fork(); // expect: fork-then-join "right.invoke()"
                        return right.join() + l;
                    }
                }
                """).check();
    }

    @Test
    void chainedForkJoinAndOtherWaits() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Walk.java", """
                package p;

                import java.util.concurrent.ExecutionException;
                import java.util.concurrent.RecursiveAction;

                class Walk extends RecursiveAction {
                    final int depth;
                    Walk(int depth) { this.depth = depth; }

                    @Override
                    protected void compute() {
                        if (depth == 0) {
                            return;
                        }
                        new Walk(depth - 1).fork().join(); // expect: fork-then-join "The task is forked and at once joined"
                        Walk next = new Walk(depth - 1);
                        next.fork(); // expect: fork-then-join "next.quietlyJoin()"
                        next.quietlyJoin();
                        Walk third = new Walk(depth - 1);
                        third.fork(); // expect: fork-then-join
                        try {
                            third.get();
                        } catch (InterruptedException | ExecutionException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
                """).check();
    }

    @Test
    void nearMissesWithWorkBetween() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Max.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Max extends RecursiveTask<Integer> {
                    final int[] a; final int lo, hi;
                    Max(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }

                    @Override
                    protected Integer compute() {
                        if (hi - lo < 2) {
                            return a[lo];
                        }
                        int mid = (lo + hi) >>> 1;
                        Max left = new Max(a, lo, mid);
                        left.fork();
                        int right = new Max(a, mid, hi).compute();
                        int max = Math.max(right, left.join());
                        Max again = new Max(a, lo, mid);
                        again.fork();
                        if (max > 0) {
                            max = Math.max(max, again.join());
                        }
                        Max third = new Max(a, mid, hi);
                        third.fork();
                        int other = new Max(a, lo, mid).compute() + third.join();
                        Max fourth = new Max(a, mid, hi);
                        fourth.fork();
                        return max > 0 && fourth.join() > other ? max : other;
                    }

                    static int notTaskCode(int[] a) {
                        Max m = new Max(a, 0, a.length);
                        m.fork();
                        return m.join();
                    }
                }
                """).check();
    }

    @Test
    void backportTasks() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Count.java", """
                package p;

                import jsr166y.RecursiveTask;

                class Count extends RecursiveTask<Integer> {
                    final int n;
                    Count(int n) { this.n = n; }

                    @Override
                    protected Integer compute() {
                        if (n < 2) {
                            return n;
                        }
                        Count sub = new Count(n - 1);
                        sub.fork(); // expect: fork-then-join
                        return sub.join() + 1;
                    }
                }
                """).check();
    }

    @Test
    void joinInTheForEachHeaderThatFollows() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Pages.java", """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Pages extends RecursiveTask<List<String>> {
                    final int depth;
                    Pages(int depth) { this.depth = depth; }

                    @Override
                    protected List<String> compute() {
                        List<String> out = new ArrayList<>();
                        if (depth == 0) {
                            out.add("leaf");
                            return out;
                        }
                        Pages more = new Pages(depth - 1);
                        more.fork(); // expect: fork-then-join
                        for (String page : more.join()) {
                            out.add(page + depth);
                        }
                        Pages other = new Pages(depth - 1);
                        other.fork();
                        for (int i = 0; i < 2; i++) {
                            out.addAll(other.join());
                        }
                        return out;
                    }
                }
                """).check();
    }

    @Test
    void arrayElementForkedLastAndJoinedFirst() {
        RuleTester.of(ForkThenJoinRule.class).source("p/Halves.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Halves extends RecursiveTask<Long> {
                    final int n;
                    Halves(int n) { this.n = n; }

                    @Override
                    protected Long compute() {
                        if (n < 2) {
                            return (long) n;
                        }
                        Halves[] tasks = {new Halves(n / 2), new Halves(n - n / 2)};
                        tasks[1].fork();  tasks[0].fork(); // expect: fork-then-join "tasks[0].fork() is followed at once by tasks[0].join()"
                        return tasks[0].join() + tasks[1].join();
                    }
                }
                """).check();
    }
}
