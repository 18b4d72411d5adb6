package corpus.sleepyworker.negative.casretry;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;

/** Leaves publish their maximum with a compare-and-set retry loop: the condition does the work, nobody waits. */
public class CasRetry {

    static final AtomicLong MAX = new AtomicLong(Long.MIN_VALUE);

    static class Max extends RecursiveAction {
        private final int from;
        private final int to;

        Max(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 1_000) {
                long local = Long.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    local = Math.max(local, (i * 7_919L) % 100_003);
                }
                long seen;
                do {
                    seen = MAX.get();
                } while (local > seen && !MAX.compareAndSet(seen, local));
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Max(from, mid), new Max(mid, to));
        }
    }

    public static void main(String[] args) {
        ForkJoinPool.commonPool().invoke(new Max(0, 50_000));
        System.out.println("checksum=" + MAX.get());
    }
}
