package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A hand-written copy of joined results: a loop that fills an array the task allocates with its subtasks'
 * elements, as they are or added up, or that adds each element of a joined list to a list the task makes
 * (with {@code new} or a factory). Not a combine that computes something new (a product, a call, four
 * products as in Strassen's algorithm), a merge sort's merge, nor a merge into one of the joined results in place.
 */
class ElementCopyTest {

    @Test
    void elementLoopsIntoANewContainerAfterTheJoinAreCopies() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Grids.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.RecursiveTask;
                        class Grids extends RecursiveTask<int[][]> {
                            final int lo, hi, rows, cols;
                            Grids(int lo, int hi, int rows, int cols) { this.lo = lo; this.hi = hi; this.rows = rows; this.cols = cols; }
                            @Override
                            protected int[][] compute() {
                                if (hi - lo < 1000) {
                                    return new int[rows][cols];
                                }
                                Grids left = new Grids(lo, (lo + hi) / 2, rows, cols);
                                Grids right = new Grids((lo + hi) / 2, hi, rows, cols);
                                left.fork();
                                int[][] rightGrid = right.compute();
                                int[][] leftGrid = left.join();
                                int[][] combined = new int[rows][cols];
                                for (int r = 0; r < rows; r++) {
                                    for (int c = 0; c < cols; c++) { // expect: copy-on-join
                                        combined[r][c] = leftGrid[r][c] + rightGrid[r][c];
                                    }
                                }
                                return combined;
                            }
                        }
                        class Gather extends RecursiveTask<List<Integer>> {
                            final int n;
                            Gather(int n) { this.n = n; }
                            @Override
                            protected List<Integer> compute() {
                                if (n < 100) {
                                    return new ArrayList<>(List.of(n));
                                }
                                Gather left = new Gather(n / 2);
                                left.fork();
                                List<Integer> mine = new Gather(n - n / 2).compute();
                                List<Integer> all = newList();
                                for (Integer value : left.join()) { // expect: copy-on-join
                                    all.add(value);
                                }
                                for (Integer value : mine) { // expect: copy-on-join
                                    all.add(value);
                                }
                                return all;
                            }
                            private static List<Integer> newList() {
                                return new ArrayList<>();
                            }
                        }
                        class Products extends RecursiveTask<double[]> {
                            final int n;
                            Products(int n) { this.n = n; }
                            @Override
                            protected double[] compute() {
                                if (n < 100) {
                                    return new double[n];
                                }
                                Products a = new Products(n / 2);
                                Products b = new Products(n / 2);
                                a.fork();
                                double[] y = b.compute();
                                double[] x = a.join();
                                double[] product = new double[n / 2];
                                for (int i = 0; i < product.length; i++) {
                                    product[i] = x[i] * y[i];
                                }
                                double[] rolled = new double[n / 2];
                                for (int i = 0; i < rolled.length; i++) {
                                    rolled[i] = Math.max(x[i], y[i]);
                                }
                                for (int i = 0; i < x.length; i++) {
                                    x[i] += y[i];
                                }
                                return x;
                            }
                        }
                        class Sort extends RecursiveTask<int[]> {
                            final int[] a;
                            Sort(int[] a) { this.a = a; }
                            @Override
                            protected int[] compute() {
                                if (a.length < 100) {
                                    int[] copy = a.clone();
                                    Arrays.sort(copy);
                                    return copy;
                                }
                                Sort low = new Sort(Arrays.copyOfRange(a, 0, a.length / 2));
                                low.fork();
                                int[] right = new Sort(Arrays.copyOfRange(a, a.length / 2, a.length)).compute();
                                int[] left = low.join();
                                int[] merged = new int[a.length];
                                int i = 0, j = 0;
                                for (int k = 0; k < merged.length; k++) {
                                    if (j >= right.length || i < left.length && left[i] <= right[j]) {
                                        merged[k] = left[i++];
                                    } else {
                                        merged[k] = right[j++];
                                    }
                                }
                                return merged;
                            }
                        }
                        class Strassen extends RecursiveTask<int[]> {
                            final int n;
                            Strassen(int n) { this.n = n; }
                            @Override
                            protected int[] compute() {
                                if (n < 100) {
                                    return new int[n];
                                }
                                Strassen s1 = new Strassen(n / 2), s4 = new Strassen(n / 2), s5 = new Strassen(n / 2), s7 = new Strassen(n / 2);
                                s1.fork();
                                s4.fork();
                                s5.fork();
                                int[] m7 = s7.compute();
                                int[] m5 = s5.join();
                                int[] m4 = s4.join();
                                int[] m1 = s1.join();
                                int[] c11 = new int[n / 2];
                                for (int i = 0; i < c11.length; i++) {
                                    c11[i] = m1[i] + m4[i] - m5[i] + m7[i];
                                }
                                return c11;
                            }
                        }
                        """).check();
    }
}
