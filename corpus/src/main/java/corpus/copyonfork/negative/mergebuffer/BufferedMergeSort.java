package corpus.copyonfork.negative.mergebuffer;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Index-range merge sort: Arrays.copyOfRange only fills a merge buffer, subtasks share the array. */
public class BufferedMergeSort {

    static final class SortTask extends RecursiveAction {
        static final int CUTOFF = 1_024;

        private final long[] a;
        private final int lo;
        private final int hi;

        SortTask(long[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= CUTOFF) {
                Arrays.sort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new SortTask(a, lo, mid), new SortTask(a, mid, hi));
            long[] run = Arrays.copyOfRange(a, lo, mid); // merge buffer: never handed to a subtask
            int i = 0;
            int j = mid;
            int k = lo;
            while (i < run.length && j < hi) {
                a[k++] = run[i] <= a[j] ? run[i++] : a[j++];
            }
            while (i < run.length) {
                a[k++] = run[i++];
            }
        }
    }

    public static void main(String[] args) {
        long[] data = new long[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 2_654_435_761L) % 1_000_003;
        }
        ForkJoinPool.commonPool().invoke(new SortTask(data, 0, data.length));
        long checksum = 0;
        for (int i = 0; i < data.length; i++) {
            checksum += data[i] * (i % 7 + 1);
            if (i > 0 && data[i - 1] > data[i]) {
                checksum = -1;
                break;
            }
        }
        System.out.println("checksum=" + checksum);
    }
}
