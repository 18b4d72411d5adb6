package corpus.unboundedeureka.negative.countall;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;

/** Counts every match: each task must scan its whole range, so no early exit is possible. */
public class CountAll {

    static final AtomicLong MATCHES = new AtomicLong();

    static class Count extends RecursiveAction {
        private final int lo;
        private final int hi;

        Count(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 5_000) {
                long local = 0;
                for (int i = lo; i < hi; i++) {
                    if (Integer.bitCount(i) == 7) {
                        local++;
                    }
                }
                MATCHES.addAndGet(local);
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Count(lo, mid), new Count(mid, hi));
        }
    }

    public static void main(String[] args) {
        ForkJoinPool.commonPool().invoke(new Count(0, 200_000));
        System.out.println("checksum=" + MATCHES.get());
    }
}
