package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Base cases that are no size comparison (a null node, the end of a path, the full depth of a search)
 * still split down to single elements when the leaf does no work; an {@code &&} split guard with sanity
 * checks still splits to one element. A depth budget or a named cutoff stays quiet.
 */
class StructureEndTest {

    private static void check(String path, String source) {
        RuleTester.of(NoSequentialCutoffRule.class).source(path, source).check();
    }

    @Test
    void nullNodeIsTheBaseCase() {
        check("p/Height.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Height extends RecursiveTask<Integer> {
                    static class Node { Node left, right; }
                    final Node node;
                    Height(Node node) { this.node = node; }

                    @Override
                    protected Integer compute() {
                        if (node == null) { // expect: no-sequential-cutoff
                            return 0;
                        }
                        Height l = new Height(node.left);
                        l.fork();
                        int r = new Height(node.right).compute();
                        return 1 + Math.max(l.join(), r);
                    }
                }
                """);
    }

    @Test
    void fullDepthOfASearchWithAPrintingLeaf() {
        check("p/Colors.java", """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveAction;

                class Colors extends RecursiveAction {
                    static int N = 6;
                    final int[] colors; final int step;
                    Colors(int[] colors, int step) { this.colors = colors; this.step = step; }

                    static void printColors(int[] colors) {
                        for (int c : colors) {
                            System.out.print(c);
                        }
                    }

                    @Override
                    protected void compute() {
                        if (step == N) { // expect: no-sequential-cutoff
                            printColors(colors);
                            return;
                        }
                        List<Colors> tasks = new ArrayList<>();
                        for (int i = 0; i < 3; i++) {
                            int[] next = colors.clone();
                            next[step] = i;
                            if (step > 0 && next[step - 1] == i) {
                                continue;
                            }
                            Colors t = new Colors(next, step + 1);
                            tasks.add(t);
                            t.fork();
                        }
                        for (Colors t : tasks) {
                            t.join();
                        }
                    }
                }
                """);
    }

    @Test
    void aPathEndWithChildrenPickedInTheLoop() {
        check("p/Paths.java", """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveAction;

                class Paths extends RecursiveAction {
                    static int[][] graph = {{0, 1}, {1, 2}};
                    final List<Integer> path; final int destination;
                    Paths(List<Integer> path, int destination) { this.path = path; this.destination = destination; }

                    @Override
                    protected void compute() {
                        if (path.get(path.size() - 1) == destination) { // expect: no-sequential-cutoff
                            System.out.println(path);
                            return;
                        }
                        List<Paths> tasks = new ArrayList<>();
                        for (int[] edge : graph) {
                            if (edge[0] == path.get(path.size() - 1)) {
                                List<Integer> next = new ArrayList<>(path);
                                next.add(edge[1]);
                                Paths t = new Paths(next, destination);
                                tasks.add(t);
                                t.fork();
                            }
                        }
                        for (Paths t : tasks) {
                            t.join();
                        }
                    }
                }
                """);
    }

    @Test
    void aDepthCutoffToSequentialWorkStaysQuiet() {
        check("p/Search.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Search extends RecursiveTask<Integer> {
                    static int N = 12;
                    final int step; final int maxDepth;
                    Search(int step, int maxDepth) { this.step = step; this.maxDepth = maxDepth; }

                    static int sequential(int step) {
                        int count = 0;
                        for (int i = step; i < N; i++) {
                            count += i;
                        }
                        return count;
                    }

                    @Override
                    protected Integer compute() {
                        if (step == N) {
                            return sequential(step);
                        }
                        if (step == maxDepth) {
                            return 1;
                        }
                        Search a = new Search(step + 1, maxDepth);
                        a.fork();
                        return new Search(step + 1, maxDepth).compute() + a.join();
                    }
                }
                """);
    }

    @Test
    void splitGuardWithSanityChecks() {
        check("p/Sort.java", """
                package p;

                import java.util.concurrent.RecursiveAction;

                class Sort extends RecursiveAction {
                    final int[] a; final int low; final int high;
                    Sort(int[] a, int low, int high) { this.a = a; this.low = low; this.high = high; }

                    @Override
                    protected void compute() {
                        if (low >= 0 && high >= 0 && low < high) { // expect: no-sequential-cutoff
                            int p = partition();
                            invokeAll(new Sort(a, low, p), new Sort(a, p + 1, high));
                        }
                    }

                    private int partition() {
                        return (low + high) >>> 1;
                    }
                }
                """);
    }

    @Test
    void splitGuardWithADepthIsACutoff() {
        check("p/Sort.java", """
                package p;

                import java.util.concurrent.RecursiveAction;

                class Sort extends RecursiveAction {
                    final int[] a; final int low; final int high; final int depth;
                    Sort(int[] a, int low, int high, int depth) { this.a = a; this.low = low; this.high = high; this.depth = depth; }

                    @Override
                    protected void compute() {
                        if (low < high && depth < 8) {
                            int p = (low + high) >>> 1;
                            invokeAll(new Sort(a, low, p, depth + 1), new Sort(a, p + 1, high, depth + 1));
                        } else {
                            java.util.Arrays.sort(a, Math.max(low, 0), Math.max(high, 0));
                        }
                    }
                }
                """);
    }

    @Test
    void aSecondBaseCaseForTwoIsStillNoCutoff() {
        check("p/Fib.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                class Fib extends RecursiveTask<Integer> {
                    final int n;
                    Fib(int n) { this.n = n; }

                    @Override
                    protected Integer compute() {
                        if (n <= 1) { // expect: no-sequential-cutoff
                            return n;
                        }
                        if (n == 2) {
                            return 1;
                        }
                        Fib f1 = new Fib(n - 1);
                        f1.fork();
                        return new Fib(n - 2).compute() + f1.join();
                    }
                }
                """);
    }
}
