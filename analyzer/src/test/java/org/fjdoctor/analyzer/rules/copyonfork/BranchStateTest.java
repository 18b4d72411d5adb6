package org.fjdoctor.analyzer.rules.copyonfork;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A search's per-branch copy that the branch changes before handing it on, and a copy of a handful of
 * elements, are not copy-on-fork; a slice of the input handed on unchanged is.
 */
class BranchStateTest {

    @Test
    void aBranchsOwnStateChangedBeforeTheHandOffIsNotCopyOnFork() {
        RuleTester.of(CopyOnForkRule.class).source("p/Colour.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Colour extends RecursiveTask<Integer> {
                    final int[] colours;
                    final List<Integer> path;
                    final int node;
                    Colour(int[] colours, List<Integer> path, int node) {
                        this.colours = colours; this.path = path; this.node = node;
                    }
                    @Override
                    protected Integer compute() {
                        if (node == colours.length) {
                            return 1;
                        }
                        List<Colour> children = new ArrayList<>();
                        for (int c = 0; c < 3; c++) {
                            int[] next = colours.clone();
                            next[node] = c;
                            List<Integer> longer = new ArrayList<>(path);
                            longer.add(node);
                            Colour child = new Colour(next, longer, node + 1);
                            child.fork();
                            children.add(child);
                        }
                        int found = 0;
                        for (Colour child : children) {
                            found += child.join();
                        }
                        return found;
                    }
                }
                """).check();
    }

    @Test
    void aHandfulOfElementsIsNotASliceButTheInputsHalvesAre() {
        RuleTester.of(CopyOnForkRule.class).source("p/Half.java", """
                package p;
                import java.util.Arrays;
                import java.util.concurrent.RecursiveTask;
                class Half extends RecursiveTask<Long> {
                    final long[] data;
                    final long[] args;
                    Half(long[] data, long[] args) { this.data = data; this.args = args; }
                    @Override
                    protected Long compute() {
                        if (data.length < 1000) {
                            return Arrays.stream(data).sum() + args[0];
                        }
                        int mid = data.length / 2;
                        Half left = new Half(Arrays.copyOfRange(data, 0, mid), Arrays.copyOf(args, 2)); // expect: copy-on-fork
                        left.fork();
                        return new Half(data, args).compute() + left.join();
                    }
                }
                """).check();
    }

    @Test
    void aSubtaskOnlyComputedInPlaceForksNothing() {
        RuleTester.of(CopyOnForkRule.class).source("p/Inline.java", """
                package p;
                import java.util.Arrays;
                import java.util.concurrent.RecursiveTask;
                class Inline extends RecursiveTask<Long> {
                    final long[] data;
                    Inline(long[] data) { this.data = data; }
                    @Override
                    protected Long compute() {
                        if (data.length < 1000) {
                            return Arrays.stream(data).sum();
                        }
                        int mid = data.length / 2;
                        Inline left = new Inline(Arrays.copyOfRange(data, 0, mid));
                        long right = new Inline(Arrays.copyOfRange(data, mid, data.length)).compute();
                        return left.compute() + right;
                    }
                }
                """).check();
    }

    @Test
    void aChangedCopyHandedToATaskOfAnotherKindIsStillCopyOnFork() {
        RuleTester.of(CopyOnForkRule.class).source("p/Build.java", """
                package p;
                import java.util.Arrays;
                import java.util.concurrent.RecursiveAction;
                class Build extends RecursiveAction {
                    final long[] columns;
                    Build(long[] columns) { this.columns = columns; }
                    @Override
                    protected void compute() {
                        for (int k = 0; k < 4; k++) {
                            long[] mine = Arrays.copyOfRange(columns, 0, columns.length - 1); // expect: copy-on-fork
                            mine[0] = k;
                            new Score(mine).fork();
                        }
                    }
                    static final class Score extends RecursiveAction {
                        final long[] data;
                        Score(long[] data) { this.data = data; }
                        @Override
                        protected void compute() {
                            data[0]++;
                        }
                    }
                }
                """).check();
    }
}
