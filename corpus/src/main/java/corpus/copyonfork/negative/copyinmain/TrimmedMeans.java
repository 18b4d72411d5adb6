package corpus.copyonfork.negative.copyinmain;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Copies happen once, in main() and a factory only main() calls, before the root tasks; the tasks use ranges. */
public class TrimmedMeans {

    static final class RangeSum extends RecursiveTask<Long> {
        static final int THRESHOLD = 1_000;

        private final int[] data;
        private final int from;
        private final int to;

        RangeSum(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        /** Snapshot the caller's array so later writes by the caller cannot race with the tasks. */
        static RangeSum snapshotOf(int[] raw) {
            return new RangeSum(raw.clone(), 0, raw.length);
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
            RangeSum left = new RangeSum(data, from, mid);
            left.fork();
            return new RangeSum(data, mid, to).compute() + left.join();
        }
    }

    static final class ListSum extends RecursiveTask<Long> {
        static final int THRESHOLD = 1_000;

        private final List<Integer> data;
        private final int from;
        private final int to;

        ListSum(List<Integer> data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += data.get(i);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            ListSum left = new ListSum(data, from, mid);
            left.fork();
            return new ListSum(data, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] raw = new int[30_000];
        List<Integer> readings = new ArrayList<>();
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (i * 41) % 997;
            readings.add(raw[i] ^ 5);
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        int[] trimmed = Arrays.copyOfRange(raw, 100, raw.length - 100);
        long a = pool.invoke(new RangeSum(trimmed, 0, trimmed.length));
        long b = pool.invoke(new ListSum(new ArrayList<>(readings.subList(50, readings.size())), 0, readings.size() - 50));
        long c = pool.invoke(RangeSum.snapshotOf(raw));
        System.out.println("checksum=" + (a * 31 + b * 17 + c));
    }
}
