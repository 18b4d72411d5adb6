package corpus.poolpercall.negative.oncepermain;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A tool whose main builds its pool once, in a helper only main calls, and another helper whose pool serves
 * a loop of runs: one pool per program run and one per batch, not one per call.
 */
public class OncePerMain {

    static class Count extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Count(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                long hits = 0;
                for (int i = from; i < to; i++) {
                    hits += Integer.bitCount(i) % 2;
                }
                return hits;
            }
            int mid = (from + to) >>> 1;
            Count left = new Count(from, mid);
            left.fork();
            return new Count(mid, to).compute() + left.join();
        }
    }

    private static long run(int size) {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            return pool.invoke(new Count(0, size));
        } finally {
            pool.shutdown();
        }
    }

    private static long batch(int[] sizes) {
        ForkJoinPool pool = new ForkJoinPool(2);
        long total = 0;
        for (int size : sizes) {
            total += pool.invoke(new Count(0, size));
        }
        pool.shutdown();
        return total;
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + run(20_000) + "/" + batch(new int[] {5_000, 7_000}));
    }
}
