package corpus.poolpercall.positive.backportpool;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** The jsr166y backport: a utility method that starts a pool on every call and never shuts it down. */
public class BackportPool {

    static class MaxTask extends RecursiveTask<Integer> {
        private final int[] data;
        private final int from;
        private final int to;

        MaxTask(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1_000) {
                int max = Integer.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    max = Math.max(max, data[i]);
                }
                return max;
            }
            int mid = (from + to) >>> 1;
            MaxTask left = new MaxTask(data, from, mid);
            left.fork();
            int right = new MaxTask(data, mid, to).compute();
            return Math.max(left.join(), right);
        }
    }

    static int max(int[] data) {
        return new ForkJoinPool().invoke(new MaxTask(data, 0, data.length)); // expect: pool-per-call
    }

    public static void main(String[] args) {
        long checksum = 0;
        for (int r = 0; r < 5; r++) {
            int[] data = new int[5_000];
            for (int i = 0; i < data.length; i++) {
                data[i] = (i * 31 + r * 17) % 10_007;
            }
            checksum = checksum * 31 + max(data);
        }
        System.out.println("checksum=" + checksum);
    }
}
