package corpus.copyonjoin.negative.groupsort;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A leaf copies its own input groups with addAll to sort them; no subtask result is ever copied. */
public class GroupSort {

    static final int THRESHOLD = 8;

    static class SortGroups extends RecursiveAction {
        private final List<List<Integer>> groups;
        private final List<List<Integer>> sorted;
        private final int from;
        private final int to;

        SortGroups(List<List<Integer>> groups, List<List<Integer>> sorted, int from, int to) {
            this.groups = groups;
            this.sorted = sorted;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int g = from; g < to; g++) {
                    List<Integer> group = new ArrayList<>();
                    group.addAll(groups.get(g));
                    Collections.sort(group);
                    sorted.set(g, group);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new SortGroups(groups, sorted, from, mid), new SortGroups(groups, sorted, mid, to));
        }
    }

    public static void main(String[] args) {
        List<List<Integer>> groups = new ArrayList<>();
        List<List<Integer>> sorted = new ArrayList<>();
        for (int g = 0; g < 100; g++) {
            List<Integer> group = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                group.add((g * 131 + i * 71) % 997);
            }
            groups.add(group);
            sorted.add(null);
        }
        ForkJoinPool.commonPool().invoke(new SortGroups(groups, sorted, 0, groups.size()));
        long checksum = 0;
        for (List<Integer> group : sorted) {
            checksum = checksum * 31 + group.get(0) * 1_000L + group.get(group.size() - 1);
        }
        System.out.println("checksum=" + checksum);
    }
}
