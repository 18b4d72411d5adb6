package corpus.intratasksync.negative.readerswriterelsewhere;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Tasks read shared tiles under the read lock of one ReentrantReadWriteLock; only main writes, before and after
 * the parallel part. Readers never exclude each other, so no task waits for another. Each leaf also waits for a
 * CompletableFuture, which the JDK compensates on a pool worker (ForkJoinPool.managedBlock).
 */
public class TileCache {

    static final ReentrantReadWriteLock FLUSH = new ReentrantReadWriteLock();
    static final int[] TILES = new int[4_096];

    static void flush(int salt) {
        FLUSH.writeLock().lock();
        try {
            for (int i = 0; i < TILES.length; i++) {
                TILES[i] = (i * 31 + salt) % 97;
            }
        } finally {
            FLUSH.writeLock().unlock();
        }
    }

    static class Sum extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 256) {
                long sum = 0;
                FLUSH.readLock().lock();
                try {
                    for (int i = from; i < to; i++) {
                        sum += TILES[i];
                    }
                } finally {
                    FLUSH.readLock().unlock();
                }
                long width = to - from;
                return sum + CompletableFuture.supplyAsync(() -> width).join() - width;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            return new Sum(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        flush(3);
        long total = ForkJoinPool.commonPool().invoke(new Sum(0, TILES.length));
        flush(5);
        System.out.println("checksum=" + total);
    }
}
