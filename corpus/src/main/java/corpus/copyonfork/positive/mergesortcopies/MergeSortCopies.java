package corpus.copyonfork.positive.mergesortcopies;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A merge sort (RecursiveAction) whose subtasks sort copies of the halves, merged back into the parent's array. */
public class MergeSortCopies {

    static final class SortTask extends RecursiveAction {
        static final int CUTOFF = 1_024;

        private final int[] a;

        SortTask(int[] a) {
            this.a = a;
        }

        @Override
        protected void compute() {
            if (a.length <= CUTOFF) {
                Arrays.sort(a);
                return;
            }
            int mid = a.length >>> 1;
            int[] left = Arrays.copyOfRange(a, 0, mid); // expect: copy-on-fork
            int[] right = Arrays.copyOfRange(a, mid, a.length); // expect: copy-on-fork
            invokeAll(new SortTask(left), new SortTask(right));
            merge(left, right, a);
        }

        private static void merge(int[] left, int[] right, int[] into) {
            int i = 0;
            int j = 0;
            int k = 0;
            while (i < left.length && j < right.length) {
                into[k++] = left[i] <= right[j] ? left[i++] : right[j++];
            }
            while (i < left.length) {
                into[k++] = left[i++];
            }
            while (j < right.length) {
                into[k++] = right[j++];
            }
        }
    }

    public static void main(String[] args) {
        int[] data = new int[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (int) ((i * 2_654_435_761L) % 1_000_003);
        }
        ForkJoinPool.commonPool().invoke(new SortTask(data));
        long checksum = 0;
        for (int i = 0; i < data.length; i++) {
            checksum += (long) data[i] * (i % 7 + 1);
            if (i > 0 && data[i - 1] > data[i]) {
                checksum = -1;
                break;
            }
        }
        System.out.println("checksum=" + checksum);
    }
}
