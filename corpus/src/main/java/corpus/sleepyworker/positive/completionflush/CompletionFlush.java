package corpus.sleepyworker.positive.completionflush;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;

/** A CountedCompleter whose root onCompletion writes a checkpoint through a helper that sleeps for the "flush". */
public class CompletionFlush {

    static final int LEAF = 2_000;

    static final class SumBlocks extends CountedCompleter<Void> {
        private final int[] data;
        private final long[] partials;
        private final int lo;
        private final int hi;

        SumBlocks(CountedCompleter<?> parent, int[] data, long[] partials, int lo, int hi) {
            super(parent);
            this.data = data;
            this.partials = partials;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public void compute() {
            if (hi - lo > LEAF) {
                int mid = (lo + hi) >>> 1;
                setPendingCount(1);
                new SumBlocks(this, data, partials, mid, hi).fork();
                new SumBlocks(this, data, partials, lo, mid).compute();
                return;
            }
            long sum = 0;
            for (int i = lo; i < hi; i++) {
                sum += data[i];
            }
            partials[lo / LEAF] = sum;
            tryComplete();
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            if (getCompleter() == null) {
                Checkpoint.write(partials);
            }
        }
    }

    public static void main(String[] args) {
        int[] data = new int[8 * LEAF];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 29) % 113;
        }
        long[] partials = new long[data.length / LEAF];
        ForkJoinPool.commonPool().invoke(new SumBlocks(null, data, partials, 0, data.length));
        System.out.println("checksum=" + Checkpoint.lastWritten());
    }
}
