package demo;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/** Sums an array, copying each half for its subtask: two copy-on-fork findings. */
public class CopyingSum extends RecursiveTask<Long> {
    private final long[] data;

    public CopyingSum(long[] data) {
        this.data = data;
    }

    @Override
    protected Long compute() {
        if (data.length <= 1000) {
            long sum = 0;
            for (long value : data) {
                sum += value;
            }
            return sum;
        }
        int mid = data.length / 2;
        CopyingSum left = new CopyingSum(Arrays.copyOfRange(data, 0, mid));
        CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));
        left.fork();
        return right.compute() + left.join();
    }
}
