package corpus.copyonfork.negative.growingruns;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Grows a locally built index array with Arrays.copyOf before sharing it: no slice of the input is copied. */
public class GrowingRuns {

    static class Span extends RecursiveTask<Long> {
        private final int[] data;
        private final int[] bounds;
        private final int lo;
        private final int hi;

        Span(int[] data, int[] bounds, int lo, int hi) {
            this.data = data;
            this.bounds = bounds;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo == 1) {
                long sum = 0;
                for (int i = bounds[lo]; i < bounds[hi]; i++) {
                    sum += data[i];
                }
                return sum;
            }
            int mid = (lo + hi) >>> 1;
            Span left = new Span(data, bounds, lo, mid);
            left.fork();
            return new Span(data, bounds, mid, hi).compute() + left.join();
        }
    }

    static long total(int[] data) {
        int[] run = new int[4];
        int count = 0;
        for (int k = 0; k < data.length; k += 1_000) {
            if (count == run.length) {
                run = Arrays.copyOf(run, count << 1);
            }
            run[count++] = k;
        }
        run = Arrays.copyOf(run, count + 1);
        run[count] = data.length;
        return ForkJoinPool.commonPool().invoke(new Span(data, run, 0, count));
    }

    public static void main(String[] args) {
        int[] data = new int[20_500];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 13;
        }
        System.out.println("checksum=" + total(data));
    }
}
