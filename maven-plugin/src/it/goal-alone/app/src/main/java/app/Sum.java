package app;

import java.util.Arrays;

import core.Divide;
import core.Throttle;

/** A task only through core's Divide; it copies its halves and calls into core's Throttle. */
public class Sum extends Divide<Long> {
    private final long[] data;

    public Sum(long[] data) {
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
        Throttle.pause();
        int mid = data.length / 2;
        Sum left = new Sum(Arrays.copyOfRange(data, 0, mid));
        Sum right = new Sum(Arrays.copyOfRange(data, mid, data.length));
        left.fork();
        return right.compute() + left.join();
    }
}
