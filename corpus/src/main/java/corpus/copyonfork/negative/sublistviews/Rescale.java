package corpus.copyonfork.negative.sublistviews;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A RecursiveAction that rescales a list in place by handing each half to a subtask as a subList view: a view
 * indexes the root list directly and copies nothing, so it is no copy-on-fork.
 */
public class Rescale {

    static final class RescaleTask extends RecursiveAction {
        static final int THRESHOLD = 500;

        private final List<Long> values;
        private final long offset;

        RescaleTask(List<Long> values, long offset) {
            this.values = values;
            this.offset = offset;
        }

        @Override
        protected void compute() {
            int n = values.size();
            if (n <= THRESHOLD) {
                for (int i = 0; i < n; i++) {
                    values.set(i, values.get(i) * 3 - offset);
                }
                return;
            }
            int mid = n / 2;
            RescaleTask left = new RescaleTask(values.subList(0, mid), offset);
            RescaleTask right = new RescaleTask(values.subList(mid, n), offset);
            invokeAll(left, right);
        }
    }

    public static void main(String[] args) {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            values.add((long) (i % 977));
        }
        ForkJoinPool.commonPool().invoke(new RescaleTask(values, 11));
        long checksum = 0;
        for (int i = 0; i < values.size(); i++) {
            checksum += values.get(i) * (i % 5 + 1);
        }
        System.out.println("checksum=" + checksum);
    }
}
