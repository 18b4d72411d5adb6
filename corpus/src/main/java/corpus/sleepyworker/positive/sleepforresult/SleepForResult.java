package corpus.sleepyworker.positive.sleepforresult;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A task runs its right half synchronously, then sleeps "to let it finish" before reading the result it has. */
public class SleepForResult {

    static final int THRESHOLD = 4_096;

    static class SquareSum extends RecursiveTask<Long> {
        private final int[] values;
        private final int lo;
        private final int hi;

        SquareSum(int[] values, int lo, int hi) {
            this.values = values;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= THRESHOLD) {
                long sum = 0;
                for (int i = lo; i < hi; i++) {
                    sum += (long) values[i] * values[i];
                }
                return sum;
            }
            int mid = (lo + hi) >>> 1;
            SquareSum left = new SquareSum(values, lo, mid);
            SquareSum right = new SquareSum(values, mid, hi);
            left.fork();
            right.invoke();
            try {
                Thread.sleep(1); // expect: sleepy-worker
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return right.getRawResult() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] values = new int[1 << 14];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 31) % 1_009 - 500;
        }
        long sum = ForkJoinPool.commonPool().invoke(new SquareSum(values, 0, values.length));
        System.out.println("checksum=" + sum);
    }
}
