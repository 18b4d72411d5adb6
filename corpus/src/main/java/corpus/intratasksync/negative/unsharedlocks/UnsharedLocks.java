package corpus.intratasksync.negative.unsharedlocks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Locks that no two tasks running at once can contend for: the task's own monitor, a lock and a scratch list
 * each task creates for itself, a read lock nothing ever takes for writing, and the lock of a double-checked
 * lazy initialisation, taken only until the table exists.
 */
public class UnsharedLocks {

    static final ReentrantReadWriteLock WEIGHTS = new ReentrantReadWriteLock();
    static volatile int[] table;

    static int[] table() {
        if (table == null) {
            synchronized (UnsharedLocks.class) {
                if (table == null) {
                    int[] made = new int[16];
                    for (int i = 0; i < made.length; i++) {
                        made[i] = i * i % 7;
                    }
                    table = made;
                }
            }
        }
        return table;
    }

    static class Score extends RecursiveTask<Long> {
        private final int from;
        private final int to;
        private final ReentrantLock own = new ReentrantLock();
        private final List<Integer> scratch = new ArrayList<>();
        private int leaves;

        Score(int from, int to) {
            this.from = from;
            this.to = to;
        }

        private synchronized void countLeaf() {
            leaves++;
        }

        @Override
        protected Long compute() {
            if (to - from <= 500) {
                long sum = 0;
                int[] weights = table();
                WEIGHTS.readLock().lock();
                try {
                    for (int i = from; i < to; i++) {
                        sum += weights[i % weights.length];
                    }
                } finally {
                    WEIGHTS.readLock().unlock();
                }
                own.lock();
                try {
                    synchronized (scratch) {
                        scratch.add((int) sum);
                    }
                } finally {
                    own.unlock();
                }
                synchronized (this) {
                    countLeaf();
                }
                Object guard = new Object();
                synchronized (guard) {
                    sum += scratch.size() + leaves;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Score left = new Score(from, mid);
            left.fork();
            return new Score(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Score(0, 8_000)));
    }
}
