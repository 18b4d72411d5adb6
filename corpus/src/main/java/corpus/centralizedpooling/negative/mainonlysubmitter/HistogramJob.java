package corpus.centralizedpooling.negative.mainonlysubmitter;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLongArray;

/** The task class has a static start(..) that submits to the pool, but only main() calls it, never compute(). */
public class HistogramJob {

    static final int BUCKETS = 16;

    static final class Bucketize extends RecursiveAction {
        static final int THRESHOLD = 2_000;

        private final int[] samples;
        private final AtomicLongArray counts;
        private final int from;
        private final int to;

        Bucketize(int[] samples, AtomicLongArray counts, int from, int to) {
            this.samples = samples;
            this.counts = counts;
            this.from = from;
            this.to = to;
        }

        /** Entry point for callers outside the pool. */
        static AtomicLongArray start(ForkJoinPool pool, int[] samples) {
            AtomicLongArray counts = new AtomicLongArray(BUCKETS);
            pool.invoke(new Bucketize(samples, counts, 0, samples.length));
            return counts;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                countRange();
                return;
            }
            int mid = (from + to) >>> 1;
            Bucketize left = new Bucketize(samples, counts, from, mid);
            left.fork();
            new Bucketize(samples, counts, mid, to).compute();
            left.join();
        }

        private void countRange() {
            long[] local = new long[BUCKETS];
            for (int i = from; i < to; i++) {
                local[Math.floorMod(samples[i], BUCKETS)]++;
            }
            for (int b = 0; b < BUCKETS; b++) {
                counts.addAndGet(b, local[b]);
            }
        }
    }

    public static void main(String[] args) {
        int[] samples = new int[50_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (i * i + 3 * i) % 1_013;
        }
        ForkJoinPool pool = new ForkJoinPool(4);
        AtomicLongArray counts = Bucketize.start(pool, samples);
        pool.shutdown();
        long checksum = 0;
        for (int b = 0; b < BUCKETS; b++) {
            checksum = checksum * 31 + counts.get(b);
        }
        System.out.println("checksum=" + checksum);
    }
}
