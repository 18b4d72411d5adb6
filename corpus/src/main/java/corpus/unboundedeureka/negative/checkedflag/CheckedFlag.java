package corpus.unboundedeureka.negative.checkedflag;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/** The bounded search: every task and every leaf iteration checks the shared find first. */
public class CheckedFlag {

    static final AtomicInteger FOUND = new AtomicInteger(-1);

    static class Search extends RecursiveAction {
        private final int[] data;
        private final int lo;
        private final int hi;
        private final int target;

        Search(int[] data, int lo, int hi, int target) {
            this.data = data;
            this.lo = lo;
            this.hi = hi;
            this.target = target;
        }

        @Override
        protected void compute() {
            if (FOUND.get() != -1) {
                return;
            }
            if (hi - lo <= 2_000) {
                for (int i = lo; i < hi && FOUND.get() == -1; i++) {
                    if (data[i] == target) {
                        FOUND.compareAndSet(-1, i);
                    }
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Search(data, lo, mid, target), new Search(data, mid, hi, target));
        }
    }

    public static void main(String[] args) {
        int[] data = new int[100_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 5;
        }
        ForkJoinPool.commonPool().invoke(new Search(data, 0, data.length, 5 * 9_876));
        System.out.println("checksum=" + FOUND.get());
    }
}
