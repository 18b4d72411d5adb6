package corpus.copyonfork.negative.backportranges;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** The fixed shape on the backport: subtasks share the array and take index ranges. */
public class BackportRanges {

    static final int THRESHOLD = 1_000;

    static class MaxTask extends RecursiveTask<Long> {
        private final long[] data;
        private final int from;
        private final int to;

        MaxTask(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long max = Long.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    max = Math.max(max, data[i]);
                }
                return max;
            }
            int mid = (from + to) >>> 1;
            MaxTask left = new MaxTask(data, from, mid);
            left.fork();
            return Math.max(new MaxTask(data, mid, to).compute(), left.join());
        }
    }

    public static void main(String[] args) {
        long[] data = new long[100_003];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7_919L) % 100_019;
        }
        System.out.println("checksum=" + new ForkJoinPool().invoke(new MaxTask(data, 0, data.length)));
    }
}
