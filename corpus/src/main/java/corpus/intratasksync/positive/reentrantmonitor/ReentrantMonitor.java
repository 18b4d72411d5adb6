package corpus.intratasksync.positive.reentrantmonitor;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * All tasks add to one shared tally (reported once); its synchronized helper is only called from the
 * tally's other synchronized method, which already holds the monitor, so entering it cannot block.
 */
public class ReentrantMonitor {

    static final Tally TALLY = new Tally();

    static final class Tally {
        private long total;
        private int pending;

        synchronized void add(long value) { // expect: intra-task-sync
            total += value;
            pending++;
            if (pending == 64) {
                compact();
            }
        }

        private synchronized void compact() {
            pending = 0;
        }

        long total() {
            return total;
        }
    }

    static class Count extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Count(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                Tally tally = TALLY;
                for (int i = from; i < to; i++) {
                    tally.add(i % 5);
                }
                return (long) (to - from);
            }
            int mid = (from + to) >>> 1;
            Count left = new Count(from, mid);
            left.fork();
            return new Count(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Count(0, 40_000)));
    }
}
