package corpus.intratasksync.positive.semaphorecompleter;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;

/** A CountedCompleter whose leaves take a Semaphore permit before digesting their block of the array. */
public class SemaphoreCompleter {

    static final int BLOCK = 1_024;
    /** At most two blocks are digested at once, as if each needed one of two hardware channels. */
    static final Semaphore CHANNELS = new Semaphore(2);

    static final class DigestBlocks extends CountedCompleter<Void> {
        private final long[] data;
        private final long[] digests;
        private final int lo;
        private final int hi;

        DigestBlocks(CountedCompleter<?> parent, long[] data, long[] digests, int lo, int hi) {
            super(parent);
            this.data = data;
            this.digests = digests;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public void compute() {
            if (hi - lo >= 2) {
                int mid = (lo + hi) >>> 1;
                setPendingCount(1);
                new DigestBlocks(this, data, digests, mid, hi).fork();
                new DigestBlocks(this, data, digests, lo, mid).compute();
                return;
            }
            if (hi > lo) {
                digestBlock(lo);
            }
            tryComplete();
        }

        private void digestBlock(int block) {
            try {
                CHANNELS.acquire(); // expect: intra-task-sync
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                long digest = 17;
                int end = Math.min(data.length, (block + 1) * BLOCK);
                for (int i = block * BLOCK; i < end; i++) {
                    digest = digest * 31 + data[i];
                }
                digests[block] = digest;
            } finally {
                CHANNELS.release();
            }
        }
    }

    public static void main(String[] args) {
        long[] data = new long[16 * BLOCK + 100];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 2_654_435_761L) & 0xFFFF;
        }
        int blocks = (data.length + BLOCK - 1) / BLOCK;
        long[] digests = new long[blocks];
        ForkJoinPool.commonPool().invoke(new DigestBlocks(null, data, digests, 0, blocks));
        long checksum = 0;
        for (int b = 0; b < blocks; b++) {
            checksum += (b + 1) * digests[b];
        }
        System.out.println("checksum=" + checksum);
    }
}
