package corpus.copyonfork.positive.wrappedhalves;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Copies handed over inside a container: a helper copies both halves and returns them in a list (or
 * an array of arrays), and the task reads each back by position for a subtask.
 */
public class WrappedHalves {

    static final int THRESHOLD = 500;

    static final class Sum extends RecursiveTask<Long> {
        private final long[] data;

        Sum(long[] data) {
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
            List<long[]> halves = halves();
            Sum left = new Sum(halves.get(0));
            Sum right = new Sum(halves.get(1));
            left.fork();
            return right.compute() + left.join();
        }

        private List<long[]> halves() {
            int mid = data.length / 2;
            long[] low = Arrays.copyOfRange(data, 0, mid); // expect: copy-on-fork
            long[] high = Arrays.copyOfRange(data, mid, data.length); // expect: copy-on-fork
            return Arrays.asList(low, high);
        }
    }

    static final class Count extends RecursiveTask<Integer> {
        private final int[] values;
        private final int limit;

        Count(int[] values, int limit) {
            this.values = values;
            this.limit = limit;
        }

        @Override
        protected Integer compute() {
            if (values.length <= THRESHOLD) {
                int count = 0;
                for (int value : values) {
                    if (value > limit) {
                        count++;
                    }
                }
                return count;
            }
            int mid = values.length / 2;
            int[][] parts = {
                Arrays.copyOf(values, mid), // expect: copy-on-fork
                Arrays.copyOfRange(values, mid, values.length) // expect: copy-on-fork
            };
            Count left = new Count(parts[0], limit);
            left.fork();
            return new Count(parts[1], limit).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        long[] data = new long[20_011];
        int[] values = new int[20_011];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 37L) % 1_000;
            values[i] = (i * 41) % 1_000;
        }
        long sum = ForkJoinPool.commonPool().invoke(new Sum(data));
        int count = ForkJoinPool.commonPool().invoke(new Count(values, 500));
        System.out.println("checksum=" + (sum * 31 + count));
    }
}
