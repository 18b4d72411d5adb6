package corpus.sleepyworker.positive.parknanos;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToLongFunction;

/** A generic direct ForkJoinTask subclass (exec/getRawResult/setRawResult) that paces its leaves with parkNanos. */
public class PacedWeigher {

    static final int THRESHOLD = 128;
    static final long PACE_NANOS = 20_000;

    static final class WeighTask<T> extends ForkJoinTask<Long> {
        private final List<T> items;
        private final ToLongFunction<? super T> weight;
        private final int from;
        private final int to;
        private long result;

        WeighTask(List<T> items, ToLongFunction<? super T> weight, int from, int to) {
            this.items = items;
            this.weight = weight;
            this.from = from;
            this.to = to;
        }

        @Override
        public Long getRawResult() {
            return result;
        }

        @Override
        protected void setRawResult(Long value) {
            result = value;
        }

        @Override
        protected boolean exec() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += weight.applyAsLong(items.get(i));
                }
                LockSupport.parkNanos(PACE_NANOS); // expect: sleepy-worker
                result = sum;
                return true;
            }
            int mid = (from + to) >>> 1;
            WeighTask<T> left = new WeighTask<>(items, weight, from, mid);
            WeighTask<T> right = new WeighTask<>(items, weight, mid, to);
            invokeAll(left, right);
            result = left.getRawResult() + right.getRawResult();
            return true;
        }
    }

    record Parcel(String label, int grams) {
    }

    public static void main(String[] args) {
        List<Parcel> parcels = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            parcels.add(new Parcel("p" + i, 50 + (i * 71) % 2_000));
        }
        long grams = ForkJoinPool.commonPool().invoke(new WeighTask<>(parcels, Parcel::grams, 0, parcels.size()));
        System.out.println("checksum=" + grams);
    }
}
