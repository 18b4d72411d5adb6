package corpus.copyonfork.positive.backportslices;

import java.util.Arrays;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** The textbook copy-on-fork shape on the Java 6 backport (jsr166y), as older projects still write it. */
public class BackportSlices {

    static final int THRESHOLD = 1_000;

    static class MaxTask extends RecursiveTask<Long> {
        private final long[] data;

        MaxTask(long[] data) {
            this.data = data;
        }

        @Override
        protected Long compute() {
            if (data.length <= THRESHOLD) {
                long max = Long.MIN_VALUE;
                for (long value : data) {
                    max = Math.max(max, value);
                }
                return max;
            }
            int mid = data.length / 2;
            MaxTask left = new MaxTask(Arrays.copyOfRange(data, 0, mid)); // expect: copy-on-fork
            MaxTask right = new MaxTask(Arrays.copyOfRange(data, mid, data.length)); // expect: copy-on-fork
            left.fork();
            return Math.max(right.compute(), left.join());
        }
    }

    public static void main(String[] args) {
        long[] data = new long[100_003];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7_919L) % 100_019;
        }
        long max = new ForkJoinPool().invoke(new MaxTask(data));
        System.out.println("checksum=" + max);
    }
}
