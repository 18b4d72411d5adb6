package corpus.intratasksync.negative.lazyscheduler;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Each component looks its scheduler up once, behind a null check on its own field; the runtime's lock guards
 * that lookup. Tasks that reach it later find the field set and never take the lock.
 */
public class LazyScheduler {

    static final class Runtime {
        private static final Object LOCK = new Object();
        private static final Runtime INSTANCE = new Runtime();

        static Runtime getScheduler() {
            synchronized (LOCK) {
                return INSTANCE;
            }
        }

        long weight(int n) {
            return n * 7L + 3;
        }
    }

    static final class Component extends RecursiveTask<Long> {
        private final int from;
        private final int to;
        private Runtime scheduler;

        Component(int from, int to) {
            this.from = from;
            this.to = to;
        }

        private Runtime scheduler() {
            if (scheduler == null) {
                scheduler = Runtime.getScheduler();
            }
            return scheduler;
        }

        @Override
        protected Long compute() {
            if (to - from <= 64) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += scheduler().weight(i);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Component left = new Component(from, mid);
            left.fork();
            long right = new Component(mid, to).compute();
            return left.join() + right;
        }
    }

    public static void main(String[] args) {
        long checksum = new ForkJoinPool(2).invoke(new Component(0, 4_096));
        System.out.println("checksum=" + checksum);
    }
}
