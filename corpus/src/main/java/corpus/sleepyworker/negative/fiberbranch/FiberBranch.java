package corpus.sleepyworker.negative.fiberbranch;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fiber runtime's pause: on one of its pool's workers it parks the fiber (here: counts the park and
 * returns), and only a plain thread sleeps. The check sits in helpers, {@code isCurrentFiber()} returning
 * {@code isFiberThread(Thread.currentThread()) || ...}, so the sleep is on the branch that never runs on a
 * worker.
 */
public class FiberBranch {

    static final int THRESHOLD = 32;
    static final AtomicLong FIBER_PARKS = new AtomicLong();
    static final ThreadLocal<Object> CURRENT_FIBER = new ThreadLocal<>();

    static final class FiberWorker extends ForkJoinWorkerThread {
        FiberWorker(ForkJoinPool pool) {
            super(pool);
        }
    }

    static boolean isFiberThread(Thread thread) {
        return thread instanceof FiberWorker;
    }

    static boolean isCurrentFiber() {
        return isFiberThread(Thread.currentThread()) || CURRENT_FIBER.get() != null;
    }

    static void pause(long millis) throws InterruptedException {
        if (isCurrentFiber()) {
            FIBER_PARKS.incrementAndGet();
        } else {
            Thread.sleep(millis);
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
            if (to - from <= THRESHOLD) {
                try {
                    pause(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += i;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            long right = new Sum(mid, to).compute();
            return left.join() + right;
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2, FiberWorker::new, null, false);
        try {
            System.out.println("checksum=" + pool.invoke(new Sum(0, 1_024)));
        } finally {
            pool.shutdown();
        }
    }
}
