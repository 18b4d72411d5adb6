package corpus.intratasksync.negative.trylock;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.locks.ReentrantLock;

/** Leaves flush into a shared total only if tryLock() succeeds at once; otherwise they return the amount. */
public class OpportunisticFlush {

    static final int THRESHOLD = 400;
    static final ReentrantLock TOTAL_LOCK = new ReentrantLock();
    static long sharedTotal;

    static class WeighTask extends RecursiveTask<Long> {
        private final int[] weights;
        private final int from;
        private final int to;

        WeighTask(int[] weights, int from, int to) {
            this.weights = weights;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += weights[i];
                }
                if (TOTAL_LOCK.tryLock()) {
                    try {
                        sharedTotal += sum;
                        return 0L;
                    } finally {
                        TOTAL_LOCK.unlock();
                    }
                }
                return sum; // the lock was busy: hand the amount up instead of waiting
            }
            int mid = (from + to) >>> 1;
            WeighTask left = new WeighTask(weights, from, mid);
            WeighTask right = new WeighTask(weights, mid, to);
            left.fork();
            long unflushed = right.compute();
            return unflushed + left.join();
        }
    }

    public static void main(String[] args) {
        int[] weights = new int[6_000];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = 1 + (i * 7) % 23;
        }
        long unflushed = ForkJoinPool.commonPool().invoke(new WeighTask(weights, 0, weights.length));
        TOTAL_LOCK.lock();
        try {
            System.out.println("checksum=" + (sharedTotal + unflushed));
        } finally {
            TOTAL_LOCK.unlock();
        }
    }
}
