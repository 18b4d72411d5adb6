package corpus.copyonfork.negative.indexrange;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The fixed shape: subtasks share the array and carry index ranges, nothing is copied. */
public class IndexRangeSum {

    static final int THRESHOLD = 1_000;

    static class SumTask extends RecursiveTask<Long> {
        private final long[] data;
        private final int from;
        private final int to;

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
                    sum += data[i];
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            SumTask left = new SumTask(data, from, mid);
            SumTask right = new SumTask(data, mid, to);
            left.fork();
            return right.compute() + left.join();
        }
    }

    public static void main(String[] args) {
        long[] data = new long[100_003];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31L) % 1_000;
        }
        // A copy outside task code is not a finding: it happens once.
        long[] snapshot = data.clone();
        long sum = ForkJoinPool.commonPool().invoke(new SumTask(snapshot, 0, snapshot.length));
        System.out.println("checksum=" + sum);
    }
}
