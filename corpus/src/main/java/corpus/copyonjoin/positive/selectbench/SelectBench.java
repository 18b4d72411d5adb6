package corpus.copyonjoin.positive.selectbench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: selects the numbers of a range that pass a cheap hash test into lists and merges the halves
 * by copying both into a fresh list at every level. Arguments: range length (default small) and rounds.
 */
public class SelectBench {

    static final int THRESHOLD = 4_096;

    static class SelectTask extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        SelectTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            if (to - from <= THRESHOLD) {
                List<Integer> selected = new ArrayList<>();
                for (int n = from; n < to; n++) {
                    if ((n * 0x9E3779B1 >>> 29) < 3) {
                        selected.add(n);
                    }
                }
                return selected;
            }
            int mid = (from + to) >>> 1;
            SelectTask left = new SelectTask(from, mid);
            SelectTask right = new SelectTask(mid, to);
            left.fork();
            List<Integer> rightSelected = right.compute();
            List<Integer> result = new ArrayList<>();
            result.addAll(left.join()); // expect: copy-on-join
            result.addAll(rightSelected); // expect: copy-on-join
            return result;
        }
    }

    // measure: 2000000 2
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            List<Integer> selected = ForkJoinPool.commonPool().invoke(new SelectTask(0, size));
            for (int i = 0; i < selected.size(); i++) {
                checksum = checksum * 31 + selected.get(i);
            }
        }
        System.out.println("checksum=" + checksum);
    }
}
