package corpus.intratasksync.negative.atomicmeter;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Leaves record request sizes through a helper chain that ends in a LongAdder and an AtomicLong, not a lock. */
public class AtomicMeter {

    static final int THRESHOLD = 512;

    static class MeterRequests extends RecursiveAction {
        private final int[] sizes;
        private final int from;
        private final int to;

        MeterRequests(int[] sizes, int from, int to) {
            this.sizes = sizes;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    Gateway.accept(sizes[i]);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            MeterRequests left = new MeterRequests(sizes, from, mid);
            MeterRequests right = new MeterRequests(sizes, mid, to);
            left.fork();
            right.compute();
            left.join();
        }
    }

    public static void main(String[] args) {
        int[] sizes = new int[8_000];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 64 + (i * 7_919) % 4_096;
        }
        ForkJoinPool.commonPool().invoke(new MeterRequests(sizes, 0, sizes.length));
        System.out.println("checksum=" + (Meter.total() * 31 + Meter.largest()));
    }
}
