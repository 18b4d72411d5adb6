package corpus.unboundedeureka.negative.cancelsiblings;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicReference;

/** A search that checks isCancelled() in its leaf and cancels its sibling once one half has the answer. */
public class CancelSiblings {

    static final AtomicReference<Integer> ANSWER = new AtomicReference<>();

    static class Find extends RecursiveTask<Integer> {
        private final int lo;
        private final int hi;

        Find(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Integer compute() {
            if (hi - lo <= 1_000) {
                for (int i = lo; i < hi && !isCancelled(); i++) {
                    if ((long) i * i % 100_003 == 1) {
                        ANSWER.compareAndSet(null, i);
                        return i;
                    }
                }
                return -1;
            }
            int mid = (lo + hi) >>> 1;
            Find right = new Find(mid, hi);
            right.fork();
            int left = new Find(lo, mid).compute();
            if (left >= 0) {
                right.cancel(false);
                return left;
            }
            return right.join();
        }
    }

    public static void main(String[] args) {
        int answer = ForkJoinPool.commonPool().invoke(new Find(2, 100_000));
        System.out.println("checksum=" + answer);
    }
}
