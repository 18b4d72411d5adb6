package corpus.copyonfork.positive.arraysum;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Sums an array by copying each half for the subtasks: the textbook copy-on-fork shape. */
public class ArraySum {

    static final int THRESHOLD = 1_000;

    static class SumTask extends RecursiveTask<Long> {
        private final long[] data;

        SumTask(long[] data) {
            this.data = data;
        }

        @Override
        protected Long compute() {
            if (data.length <= THRESHOLD) {
                long sum = 0;
                for (long value : data) {
                    sum += value;
                }
                return sum;
            }
            int mid = data.length / 2;
            SumTask left = new SumTask(Arrays.copyOfRange(data, 0, mid)); // expect: copy-on-fork
            SumTask right = new SumTask(Arrays.copyOfRange(data, mid, data.length)); // expect: copy-on-fork
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
