package corpus.nosequentialcutoff.positive.pairsum;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A sum whose leaf loops over its range, but the range is never longer than one element. */
public class PairSum {

    static class Sum extends RecursiveTask<Long> {
        private final int[] data;
        private final int lo;
        private final int hi;

        Sum(int[] data, int lo, int hi) {
            this.data = data;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 1) { // expect: no-sequential-cutoff
                long sum = 0;
                for (int i = lo; i < hi; i++) {
                    sum += (long) data[i] * (i % 7);
                }
                return sum;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(data, lo, mid);
            left.fork();
            long right = new Sum(data, mid, hi).compute();
            return left.join() + right;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[20_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 13) % 101;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Sum(data, 0, data.length)));
    }
}
