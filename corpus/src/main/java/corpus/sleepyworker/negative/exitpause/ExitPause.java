package corpus.sleepyworker.negative.exitpause;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A leaf that meets a corrupt record stops the process: it waits a moment for its report to reach the log
 * and then exits. The pause ends the process, so no queued task is left to wait for the worker.
 */
public class ExitPause {

    static final int THRESHOLD = 100;

    static final class Checksum extends RecursiveTask<Long> {
        private final int[] records;
        private final int from;
        private final int to;

        Checksum(int[] records, int from, int to) {
            this.records = records;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    if (records[i] < 0) {
                        Fatal.stop(i);
                    }
                    sum += records[i];
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Checksum left = new Checksum(records, from, mid);
            left.fork();
            long right = new Checksum(records, mid, to).compute();
            return left.join() + right;
        }
    }

    /** Ends the process after the report had time to be written. */
    static final class Fatal {
        private Fatal() {
        }

        static void stop(int at) {
            System.err.println("corrupt record at " + at);
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(3);
        }
    }

    public static void main(String[] args) {
        int[] records = new int[1_000];
        for (int i = 0; i < records.length; i++) {
            records[i] = (i * 31) % 977;
        }
        long sum = ForkJoinPool.commonPool().invoke(new Checksum(records, 0, records.length));
        System.out.println("checksum=" + sum);
    }
}
