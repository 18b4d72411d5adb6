package corpus.centralizedpooling.positive.fieldpoolinvoke;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A RecursiveTask that keeps its pool in a field and runs one half with pool.invoke(..) instead of forking. */
public class SquareSums {

    static final int THRESHOLD = 2_000;

    static final class SquareSumTask extends RecursiveTask<Long> {
        private final ForkJoinPool pool;
        private final int[] values;
        private final int from;
        private final int to;

        SquareSumTask(ForkJoinPool pool, int[] values, int from, int to) {
            this.pool = pool;
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) values[i] * values[i];
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            SquareSumTask left = new SquareSumTask(pool, values, from, mid);
            SquareSumTask right = new SquareSumTask(pool, values, mid, to);
            long rightSum = right.invoke(); // expect: centralized-pooling
            return left.compute() + rightSum;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[60_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 17) % 503 - 250;
        }
        ForkJoinPool pool = new ForkJoinPool(4);
        try {
            long sum = pool.invoke(new SquareSumTask(pool, values, 0, values.length));
            System.out.println("checksum=" + sum);
        } finally {
            pool.shutdown();
        }
    }
}
