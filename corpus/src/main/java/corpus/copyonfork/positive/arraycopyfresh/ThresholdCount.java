package corpus.copyonfork.positive.arraycopyfresh;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** A direct ForkJoinTask subclass (exec/getRawResult/setRawResult) that System.arraycopy's each half into a fresh array. */
public class ThresholdCount {

    static final class CountAbove extends ForkJoinTask<Long> {
        static final int CUTOFF = 1_500;

        private final int[] samples;
        private final int limit;
        private Long result;

        CountAbove(int[] samples, int limit) {
            this.samples = samples;
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
            if (samples.length <= CUTOFF) {
                long count = 0;
                for (int s : samples) {
                    if (s > limit) {
                        count++;
                    }
                }
                result = count;
                return true;
            }
            int mid = samples.length / 2;
            int[] head = new int[mid];
            System.arraycopy(samples, 0, head, 0, mid); // expect: copy-on-fork
            int[] tail = new int[samples.length - mid];
            System.arraycopy(samples, mid, tail, 0, tail.length); // expect: copy-on-fork
            CountAbove left = new CountAbove(head, limit);
            CountAbove right = new CountAbove(tail, limit);
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
