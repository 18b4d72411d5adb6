package corpus.forkall.negative.workbetween;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Forks both halves, then scans a boundary window itself before joining: the worker has work of its own. */
public class WorkBetween {

    static class Peaks extends RecursiveTask<Integer> {
        private final int[] values;
        private final int from;
        private final int to;

        Peaks(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1_000) {
                return peaks(from, to);
            }
            int mid = (from + to) >>> 1;
            Peaks low = new Peaks(values, from, mid);
            Peaks high = new Peaks(values, mid, to);
            low.fork();
            high.fork();
            int boundary = peaks(mid - 1, mid + 1) - peaks(mid - 1, mid) - peaks(mid, mid + 1);
            return boundary + high.join() + low.join();
        }

        private int peaks(int lo, int hi) {
            int count = 0;
            for (int i = Math.max(lo, 1); i < Math.min(hi, values.length - 1); i++) {
                count += values[i] > values[i - 1] && values[i] > values[i + 1] ? 1 : 0;
            }
            return count;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[40_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7919) % 1_013;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Peaks(values, 0, values.length)));
    }
}
