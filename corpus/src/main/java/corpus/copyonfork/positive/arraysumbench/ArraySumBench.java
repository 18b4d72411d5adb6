package corpus.copyonfork.positive.arraysumbench;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: sums a large array several times, copying each half for the subtasks at every level.
 * Arguments: array length (default small, so tests stay fast) and rounds.
 */
public class ArraySumBench {

    static final int THRESHOLD = 4_096;

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
                    sum += value * value % 1_009;
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

    // measure: 4000000 4
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long[] data = new long[size];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31L) % 100_003;
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            checksum = checksum * 31 + ForkJoinPool.commonPool().invoke(new SumTask(data));
        }
        System.out.println("checksum=" + checksum);
    }
}
