package corpus.copyonfork.positive.arraysum;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Sums an array by copying each half for the subtasks: the textbook copy-on-fork shape. */
public class ArraySum {

    static final int THRESHOLD = 1_000;

    static class SumTask extends RecursiveTask<Long> {
        private final long[] data;
        private final int from;
        private final int to;

        SumTask(long[] data) {
            this(data, 0, data.length);
        }

        SumTask(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    long value = data[i];
                    sum += value;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            SumTask left = new SumTask(data, from, mid); // expect: copy-on-fork
            SumTask right = new SumTask(data, mid, to); // expect: copy-on-fork
            left.fork();
            return right.compute() + left.join();
        }
    }

    public static void main(String[] args) {
        long[] data = new long[100_003];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31L) % 1_000;
        }
        long sum = ForkJoinPool.commonPool().invoke(new SumTask(data));
        System.out.println("checksum=" + sum);
    }
}
