package corpus.sleepyworker.negative.localloops;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicLong;

/** Loops that look like spins but only test locals, do real work, or are counted: none waits on another task. */
public class LocalLoops {

    static final int THRESHOLD = 1_000;
    static final AtomicLong STEPS = new AtomicLong();

    static class CollatzTask extends RecursiveTask<Long> {
        private final long[] seeds;
        private final int from;
        private final int to;

        CollatzTask(long[] seeds, int from, int to) {
            this.seeds = seeds;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                int first = from;
                while (first < to && seeds[first] <= 1) {
                    first++;
                }
                long bits = 0;
                for (int i = first; i < to; i++) {
                    long n = seeds[i];
                    int steps = 0;
                    while (n != 1) {
                        n = (n & 1) == 0 ? n >>> 1 : 3 * n + 1;
                        steps++;
                    }
                    for (long v = seeds[i]; v != 0; v &= v - 1) {
                        bits++;
                    }
                    addSteps(steps);
                }
                return bits;
            }
            int mid = (from + to) >>> 1;
            CollatzTask left = new CollatzTask(seeds, from, mid);
            CollatzTask right = new CollatzTask(seeds, mid, to);
            left.fork();
            long rightBits = right.compute();
            return left.join() + rightBits;
        }

        /** Lock-free add with a bounded back-off; the outer loop is a CAS retry, the inner one is counted. */
        private static void addSteps(int steps) {
            int backoff = 1;
            while (true) {
                long current = STEPS.get();
                if (STEPS.compareAndSet(current, current + steps)) {
                    return;
                }
                for (int s = 0; s < backoff; s++) {
                    Thread.onSpinWait();
                }
                backoff = Math.min(backoff * 2, 64);
            }
        }
    }

    public static void main(String[] args) {
        long[] seeds = new long[4_000];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = i < 10 ? 1 : 2 + (i * 7L) % 9_973;
        }
        long bits = ForkJoinPool.commonPool().invoke(new CollatzTask(seeds, 0, seeds.length));
        System.out.println("checksum=" + (bits * 1_000_003 + STEPS.get()));
    }
}
