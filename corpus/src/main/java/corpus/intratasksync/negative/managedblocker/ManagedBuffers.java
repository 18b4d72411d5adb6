package corpus.intratasksync.negative.managedblocker;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaves borrow a scratch buffer from a bounded pool through ForkJoinPool.managedBlock instead of take(). */
public class ManagedBuffers {

    static final int THRESHOLD = 1_000;
    static final BlockingQueue<int[]> SCRATCH = new ArrayBlockingQueue<>(2);

    static class DigitSpread extends RecursiveTask<Long> {
        private final long[] values;
        private final int from;
        private final int to;

        DigitSpread(long[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                BufferTaker taker = new BufferTaker(SCRATCH);
                try {
                    ForkJoinPool.managedBlock(taker);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                int[] digits = taker.buffer();
                try {
                    return spread(digits);
                } finally {
                    SCRATCH.offer(digits);
                }
            }
            int mid = (from + to) >>> 1;
            DigitSpread left = new DigitSpread(values, from, mid);
            DigitSpread right = new DigitSpread(values, mid, to);
            left.fork();
            long rightSpread = right.compute();
            return left.join() + rightSpread;
        }

        private long spread(int[] digits) {
            Arrays.fill(digits, 0);
            for (int i = from; i < to; i++) {
                for (long v = values[i]; v > 0; v /= 10) {
                    digits[(int) (v % 10)]++;
                }
            }
            long score = 0;
            for (int d = 0; d < digits.length; d++) {
                score += (long) d * digits[d];
            }
            return score;
        }
    }

    public static void main(String[] args) {
        SCRATCH.offer(new int[10]);
        SCRATCH.offer(new int[10]);
        long[] values = new long[8_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 104_729L) % 1_000_003;
        }
        long score = ForkJoinPool.commonPool().invoke(new DigitSpread(values, 0, values.length));
        System.out.println("checksum=" + score);
    }
}
