package corpus.centralizedpooling.negative.fixedthreadpool;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Leaves hand their logging to a fixed thread pool. That pool is no fork/join pool: there is no worker deque
 * to fork onto and no fork/join submission queue, so this is no centralized pooling.
 */
public class FixedThreadPool {

    static final ExecutorService LOG = Executors.newFixedThreadPool(1);
    static final AtomicLong LOGGED = new AtomicLong();

    static class Walk extends RecursiveAction {
        private final int from;
        private final int to;

        Walk(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 500) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += i % 5;
                }
                long leaf = sum;
                LOG.execute(() -> LOGGED.addAndGet(leaf));
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Walk(from, mid), new Walk(mid, to));
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ForkJoinPool.commonPool().invoke(new Walk(0, 8_000));
        LOG.shutdown();
        LOG.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println("checksum=" + LOGGED.get());
    }
}
