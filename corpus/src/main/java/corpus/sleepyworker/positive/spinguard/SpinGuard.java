package corpus.sleepyworker.positive.spinguard;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Leaves take scratch slots from a shared pool with a loop forever whose only statement is a guard on
 * the free count: while no slot is free the worker spins. (Here enough slots are always free.)
 */
public class SpinGuard {

    static final int THRESHOLD = 1_000;

    static final class Slots {
        private final AtomicInteger free;

        Slots(int count) {
            free = new AtomicInteger(count);
        }

        int take() {
            while (true) { // expect: sleepy-worker
                if (free.get() > 0) {
                    int left = free.decrementAndGet();
                    if (left >= 0) {
                        return left;
                    }
                    free.incrementAndGet();
                }
            }
        }

        void give() {
            free.incrementAndGet();
        }
    }

    static final class Sum extends RecursiveTask<Long> {
        private final Slots slots;
        private final int[] data;
        private final int from;
        private final int to;

        Sum(Slots slots, int[] data, int from, int to) {
            this.slots = slots;
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                slots.take();
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += data[i];
                }
                slots.give();
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(slots, data, from, mid);
            left.fork();
            return new Sum(slots, data, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] data = new int[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 17) % 1_000;
        }
        long sum = ForkJoinPool.commonPool().invoke(new Sum(new Slots(64), data, 0, data.length));
        System.out.println("checksum=" + sum);
    }
}
