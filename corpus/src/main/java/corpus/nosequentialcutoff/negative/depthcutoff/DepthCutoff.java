package corpus.nosequentialcutoff.negative.depthcutoff;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A quicksort that stops splitting when its range is small or its depth budget is spent; below that it
 * sorts sequentially. The one-element check is only the recursion's own end.
 */
public class DepthCutoff {

    static class Sort extends RecursiveAction {
        private final int[] a;
        private final int lo;
        private final int hi;
        private final int depth;

        Sort(int[] a, int lo, int hi, int depth) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (hi - lo < 2 || depth == 0) {
                java.util.Arrays.sort(a, lo, hi);
                return;
            }
            int p = partition(a, lo, hi);
            invokeAll(new Sort(a, lo, p, depth - 1), new Sort(a, p + 1, hi, depth - 1));
        }

        private static int partition(int[] a, int lo, int hi) {
            int pivot = a[hi - 1];
            int store = lo;
            for (int i = lo; i < hi - 1; i++) {
                if (a[i] < pivot) {
                    int t = a[i];
                    a[i] = a[store];
                    a[store] = t;
                    store++;
                }
            }
            int t = a[store];
            a[store] = a[hi - 1];
            a[hi - 1] = t;
            return store;
        }
    }

    public static void main(String[] args) {
        int[] a = new int[40_000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 7_919) % 40_009;
        }
        ForkJoinPool.commonPool().invoke(new Sort(a, 0, a.length, 6));
        long checksum = 0;
        for (int i = 0; i < a.length; i += 11) {
            checksum = checksum * 31 + a[i];
        }
        System.out.println("checksum=" + checksum);
    }
}
