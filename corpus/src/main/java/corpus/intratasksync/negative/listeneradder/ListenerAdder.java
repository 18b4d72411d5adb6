package corpus.intratasksync.negative.listeneradder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.LongAdder;

/**
 * The near miss of the listener reference: the method a leaf hands to forEach adds to a LongAdder, and
 * the method that locks is only handed to forEach by main, after the pool is done.
 */
public class ListenerAdder {

    static final int THRESHOLD = 250;

    static final class Progress {
        final LongAdder done = new LongAdder();
        long reported;
    }

    static final class Sum extends RecursiveTask<Long> {
        private final int[] values;
        private final int from;
        private final int to;
        private final List<Progress> listeners;

        Sum(int[] values, int from, int to, List<Progress> listeners) {
            this.values = values;
            this.from = from;
            this.to = to;
            this.listeners = listeners;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += values[i];
                }
                listeners.forEach(this::report);
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(values, from, mid, listeners);
            left.fork();
            long right = new Sum(values, mid, to, listeners).compute();
            return left.join() + right;
        }

        private void report(Progress progress) {
            progress.done.add(to - from);
        }
    }

    private static void settle(Progress progress) {
        synchronized (progress) {
            progress.reported = progress.done.sum();
        }
    }

    public static void main(String[] args) {
        int[] values = new int[4_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7) % 113;
        }
        List<Progress> listeners = new ArrayList<>();
        listeners.add(new Progress());
        listeners.add(new Progress());
        long sum = ForkJoinPool.commonPool().invoke(new Sum(values, 0, values.length, listeners));
        listeners.forEach(ListenerAdder::settle);
        long done = 0;
        for (Progress progress : listeners) {
            done += progress.reported;
        }
        System.out.println("checksum=" + (sum * 31 + done));
    }
}
