package corpus.sleepyworker.positive.warnpause;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The near miss of the exit pause: the report helper exits only when told the error is fatal, so for a
 * warning it sleeps and returns, and the leaf goes on with the worker's queue held up behind the pause.
 */
public class WarnPause {

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
                    if (records[i] % 250 == 0) {
                        Report.problem(i, false);
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

    /** Reports a problem; a fatal one ends the process after the report had time to be written. */
    static final class Report {
        private Report() {
        }

        static void problem(int at, boolean fatal) {
            System.err.println("odd record at " + at);
            try {
                Thread.sleep(2); // expect: sleepy-worker
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!fatal) {
                return;
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
