package corpus.nosequentialcutoff.negative.largethreshold;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A sum with a proper sequential cutoff: leaves of up to 4,096 elements. */
public class LargeThreshold {

    static final int THRESHOLD = 4_096;

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
            if (hi - lo <= THRESHOLD) {
                long sum = 0;
                for (int i = lo; i < hi; i++) {
                    sum += data[i];
                }
                return sum;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(data, lo, mid);
            left.fork();
            return new Sum(data, mid, hi).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] data = new int[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 313;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Sum(data, 0, data.length)));
    }
}
