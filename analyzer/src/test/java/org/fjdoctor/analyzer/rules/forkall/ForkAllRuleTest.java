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

    /** The create-and-fork loop at the end is no near miss: it only builds each subtask, then only waits. */
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
                            part.fork(); // expect: fork-all
                            parts.add(part);
                        }
                        for (Sum part : parts) {
                            s += part.join();
                        }
                        return s;
                """);
    }

    private static final String WALK = """
            package p;

            import java.io.File;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Walk extends RecursiveTask<Long> {
                final String path;
                Walk(String path) { this.path = path; }

                @Override
                protected Long compute() {
                    File[] files = new File(path).listFiles();
                    List<Walk> walks = new ArrayList<>();
                    Walk[] array = new Walk[files == null ? 0 : files.length];
            %s
                }
            }
            """;

    private static void walk(String body) {
        RuleTester.of(ForkAllRule.class).source("p/Walk.java", WALK.formatted(body)).check();
    }

    @Test
    void loopCreatesAndForksEverySubtaskInAnIfThenOnlyJoins() {
        walk("""
                        if (files != null) {
                            for (File f : files) {
                                Walk w = new Walk(f.getPath());
                                walks.add(w);
                                w.fork(); // expect: fork-all "invokeAll(tasks)"
                            }
                        }
                        long sum = 0;
                        for (Walk w : walks) {
                            sum += w.join();
                        }
                        return sum;
                """);
    }

    @Test
    void arrayOfSubtasksCreatedAndForkedThenJoined() {
        walk("""
                        for (int i = 0; i < array.length; i++) {
                            array[i] = new Walk(files[i].getPath());
                            array[i].fork(); // expect: fork-all
                        }
                        long best = -Long.MAX_VALUE;
                        for (int i = 0; i < array.length; i++) {
                            best = Math.max(best, array[i].join());
                        }
                        return best;
                """);
    }

    @Test
    void createAndForkButComputeTheLastInPlace() {
        walk("""
                        for (int i = 0; i + 1 < array.length; i++) {
                            array[i] = new Walk(files[i].getPath());
                            array[i].fork();
                        }
                        long sum = array.length == 0 ? 0 : new Walk(files[array.length - 1].getPath()).compute();
                        for (int i = 0; i + 1 < array.length; i++) {
                            sum += array[i].join();
                        }
                        return sum;
                """);
    }

    @Test
    void createAndForkThenOwnWorkBeforeTheJoins() {
        walk("""
                        for (File f : files) {
                            Walk w = new Walk(f.getPath());
                            walks.add(w);
                            w.fork();
                        }
                        long sum = path.chars().filter(c -> c == '/').count();
                        for (Walk w : walks) {
                            sum += w.join();
                        }
                        return sum;
                """);
    }

    @Test
    void everySubtaskForkedAndTheTaskEnds() {
        RuleTester.of(ForkAllRule.class).source("p/Sort.java", """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.CountedCompleter;
                import java.util.concurrent.RecursiveAction;

                class Sort extends RecursiveAction {
                    final int[] a; final int low; final int high;
                    Sort(int[] a, int low, int high) { this.a = a; this.low = low; this.high = high; }

                    @Override
                    protected void compute() {
                        if (high - low > 1000) {
                            int p = (low + high) >>> 1;
                            List<Sort> tasks = new ArrayList<>(2);
                            tasks.add(new Sort(a, low, p));
                            tasks.add(new Sort(a, p, high));
                            for (Sort task : tasks) { // expect: fork-all "ends without running"
                                task.fork();
                            }
                        }
                    }
                }

                class Merge extends CountedCompleter<Void> {
                    final int lo, hi;
                    Merge(CountedCompleter<?> parent, int lo, int hi) { super(parent); this.lo = lo; this.hi = hi; }

                    @Override
                    public void compute() {
                        if (hi - lo >= 1000) {
                            int mid = (lo + hi) >>> 1;
                            Merge left = new Merge(this, lo, mid);
                            Merge right = new Merge(this, mid, hi);
                            setPendingCount(1);
                            left.fork();
                            right.fork(); // expect: fork-all "right back"
                        } else {
                            tryComplete();
                        }
                    }
                }

                class Half extends CountedCompleter<Void> {
                    final int lo, hi;
                    Half(CountedCompleter<?> parent, int lo, int hi) { super(parent); this.lo = lo; this.hi = hi; }

                    @Override
                    public void compute() {
                        if (hi - lo >= 1000) {
                            int mid = (lo + hi) >>> 1;
                            setPendingCount(1);
                            new Half(this, lo, mid).fork();
                            Half right = new Half(this, mid, hi);
                            right.fork();
                            right.compute();
                        } else {
                            tryComplete();
                        }
                    }
                }
                """).check();
    }

    @Test
    void tasksHeldInArrayElements() {
        check("java.util.concurrent", """
                        Sum[] t = {left, right};
                        t[0].fork();
                        t[1].fork(); // expect: fork-all "t[1].invoke()"
                        return t[0].join() + t[1].join();
                """);
    }

    @Test
    void arrayReplacedBetweenForksAndJoinsIsNotFollowed() {
        check("java.util.concurrent", """
                        Sum[] t = {left, right};
                        t[0].fork();
                        t[1].fork();
                        t = new Sum[] {right, left};
                        return t[0].join() + t[1].join();
                """);
    }
}
