package demo;

import java.util.concurrent.RecursiveTask;

/** Sums an array by index ranges: no copies, no finding. */
public class RangeSum extends RecursiveTask<Long> {
    private final long[] data;
    private final int from;
    private final int to;

    public RangeSum(long[] data, int from, int to) {
        this.data = data;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        if (to - from <= 1000) {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += data[i];
            }
            return sum;
        }
        int mid = (from + to) >>> 1;
        RangeSum left = new RangeSum(data, from, mid);
        RangeSum right = new RangeSum(data, mid, to);
        left.fork();
        return right.compute() + left.join();
    }
}
