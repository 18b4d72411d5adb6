package corpus.intratasksync.negative.perobjectlocks;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.StampedLock;

/**
 * Locks each leaf takes that no other leaf running at the same time can hold: the synchronized methods of an
 * options object the leaf builds (its constructor fills it through them), a lock field of a tally each leaf
 * creates, a symbol table that locks only when a lock-free lookup missed and looks again under the lock, a
 * cache computed by a private synchronized method only after a lock-free read found nothing, a StampedLock read
 * in optimistic and read mode, and a semaphore with a permit for every processor.
 */
public class PerObjectLocks {

    static final StampedLock RANGE = new StampedLock();
    static final Semaphore SLOTS = new Semaphore(Runtime.getRuntime().availableProcessors());
    static final Symbols SYMBOLS = new Symbols();
    static final Cached SQUARES = new Cached();
    static int limit = 1_000;

    static class Options {
        private final Map<String, Integer> values = new HashMap<>();

        Options(int scale) {
            set("scale", scale);
            set("offset", 1);
        }

        synchronized void set(String key, int value) {
            values.put(key, value);
        }

        synchronized int get(String key) {
            return values.getOrDefault(key, 0);
        }
    }

    static class Tally {
        private final Object lock = new Object();
        private long sum;

        void add(long v) {
            synchronized (lock) {
                sum += v;
            }
        }

        long sum() {
            synchronized (lock) {
                return sum;
            }
        }
    }

    static class Symbols {
        private final Map<String, Integer> write = new HashMap<>();
        private volatile Map<String, Integer> read = new HashMap<>();

        int id(String name) {
            Integer id = read.get(name);
            if (id == null) {
                synchronized (write) {
                    id = write.get(name);
                    if (id == null) {
                        id = write.size();
                        write.put(name, id);
                        read = new HashMap<>(write);
                    }
                }
            }
            return id;
        }
    }

    static class Cached {
        private volatile int[] table;

        int[] table() {
            final int[] cached = table;
            return cached != null ? cached : compute();
        }

        private synchronized int[] compute() {
            final int[] cached = table;
            if (cached != null) {
                return cached;
            }
            int[] made = new int[64];
            for (int i = 0; i < made.length; i++) {
                made[i] = i * i;
            }
            table = made;
            return made;
        }
    }

    static class Leaves extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Leaves(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 250) {
                Options options = new Options(to - from);
                Tally tally = new Tally();
                int[] squares = SQUARES.table();
                SLOTS.acquireUninterruptibly();
                try {
                    for (int i = from; i < to; i++) {
                        tally.add(squares[i % squares.length] * options.get("scale") + options.get("offset"));
                    }
                } finally {
                    SLOTS.release();
                }
                long stamp = RANGE.tryOptimisticRead();
                int bound = limit;
                if (!RANGE.validate(stamp)) {
                    stamp = RANGE.readLock();
                    try {
                        bound = limit;
                    } finally {
                        RANGE.unlockRead(stamp);
                    }
                }
                return Math.min(tally.sum(), bound) + SYMBOLS.id("leaf" + (from % 4));
            }
            int mid = (from + to) >>> 1;
            Leaves left = new Leaves(from, mid);
            left.fork();
            return new Leaves(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Leaves(0, 4_000)));
    }
}
