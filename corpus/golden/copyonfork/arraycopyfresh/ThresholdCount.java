package corpus.copyonfork.positive.arraycopyfresh;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** A direct ForkJoinTask subclass (exec/getRawResult/setRawResult) that System.arraycopy's each half into a fresh array. */
public class ThresholdCount {

    static final class CountAbove extends ForkJoinTask<Long> {
        static final int CUTOFF = 1_500;

        private final int[] samples;
        private final int from;
        private final int to;
        private final int limit;
        private Long result;

        CountAbove(int[] samples, int limit) {
            this(samples, 0, samples.length, limit);
        }

        CountAbove(int[] samples, int from, int to, int limit) {
            this.samples = samples;
            this.from = from;
            this.to = to;
            this.limit = limit;
        }

        @Override
        public Long getRawResult() {
            return result;
        }

        @Override
        protected void setRawResult(Long value) {
            result = value;
        }

        @Override
        protected boolean exec() {
            if (to - from <= CUTOFF) {
                long count = 0;
                for (int i = from; i < to; i++) {
                    int s = samples[i];
                    if (s > limit) {
                        count++;
                    }
                }
                result = count;
                return true;
            }
            int mid = (from + to) >>> 1;
            CountAbove left = new CountAbove(samples, from, mid, limit);
            CountAbove right = new CountAbove(samples, mid, to, limit);
            left.fork();
            long fromRight = right.invoke();
            result = fromRight + left.join();
            return true;
        }
    }

    public static void main(String[] args) {
        int[] samples = new int[30_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (i * 53) % 1_000;
        }
        long count = ForkJoinPool.commonPool().invoke(new CountAbove(samples, 640));
        System.out.println("checksum=" + count);
    }
}
