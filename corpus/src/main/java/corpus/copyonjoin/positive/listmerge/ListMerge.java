package corpus.copyonjoin.positive.listmerge;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Keeps the multiples of 3 or 5 of a range; the parent declares its merged list first, forks both halves
 * and appends both joined lists to it.
 */
public class ListMerge {

    static final int THRESHOLD = 1_000;

    static class MultiplesTask extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        MultiplesTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            if (to - from <= THRESHOLD) {
                List<Integer> kept = new ArrayList<>();
                for (int n = from; n < to; n++) {
                    if (n % 3 == 0 || n % 5 == 0) {
                        kept.add(n);
                    }
                }
                return kept;
            }
            int mid = (from + to) >>> 1;
            List<Integer> merged = new ArrayList<>();
            MultiplesTask left = new MultiplesTask(from, mid);
            MultiplesTask right = new MultiplesTask(mid, to);
            left.fork();
            right.fork(); // expect: fork-all
            merged.addAll(left.join()); // expect: copy-on-join, join-order
            merged.addAll(right.join()); // expect: copy-on-join
            return merged;
        }
    }

    public static void main(String[] args) {
        List<Integer> kept = ForkJoinPool.commonPool().invoke(new MultiplesTask(0, 40_000));
        long checksum = 0;
        for (int value : kept) {
            checksum = checksum * 31 + value;
        }
        System.out.println("checksum=" + kept.size() + ":" + checksum);
    }
}
