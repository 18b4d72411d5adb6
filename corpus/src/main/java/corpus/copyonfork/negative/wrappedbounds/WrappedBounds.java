package corpus.copyonfork.negative.wrappedbounds;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The near miss of a copy read back from a container: the helper's list holds index bounds, not
 * copies, and the subtasks share the array; the copies the leaf makes into a list never reach a subtask.
 */
public class WrappedBounds {

    static final int THRESHOLD = 500;

    static final class Sum extends RecursiveTask<Long> {
        private final long[] data;
        private final int from;
        private final int to;

        Sum(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                List<long[]> pieces = Arrays.asList(Arrays.copyOfRange(data, from, to));
                long sum = 0;
                for (long value : pieces.get(0)) {
                    sum += value;
                }
                return sum;
            }
            List<int[]> bounds = bounds();
            int[] low = bounds.get(0);
            int[] high = bounds.get(1);
            Sum left = new Sum(data, low[0], low[1]);
            Sum right = new Sum(data, high[0], high[1]);
            left.fork();
            return right.compute() + left.join();
        }

        private List<int[]> bounds() {
            int mid = (from + to) >>> 1;
            return Arrays.asList(new int[] {from, mid}, new int[] {mid, to});
        }
    }

    public static void main(String[] args) {
        long[] data = new long[20_011];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 37L) % 1_000;
        }
        long sum = ForkJoinPool.commonPool().invoke(new Sum(data, 0, data.length));
        System.out.println("checksum=" + sum);
    }
}
