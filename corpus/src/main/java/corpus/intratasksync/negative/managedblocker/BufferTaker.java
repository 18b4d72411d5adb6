package corpus.intratasksync.negative.managedblocker;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ForkJoinPool;

/** Takes a buffer from a pool as a ManagedBlocker: the pool may add a spare worker while block() waits. */
final class BufferTaker implements ForkJoinPool.ManagedBlocker {

    private final BlockingQueue<int[]> pool;
    private int[] buffer;

    BufferTaker(BlockingQueue<int[]> pool) {
        this.pool = pool;
    }

    @Override
    public boolean block() throws InterruptedException {
        if (buffer == null) {
            buffer = pool.take();
        }
        return true;
    }

    @Override
    public boolean isReleasable() {
        if (buffer == null) {
            buffer = pool.poll();
        }
        return buffer != null;
    }

    int[] buffer() {
        return buffer;
    }
}
