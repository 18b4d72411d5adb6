package corpus.intratasksync.negative.partialresults;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The lock-free histogram: each task returns its own counts and the parent adds them up after join. */
public class PartialHistogram {

    static final int THRESHOLD = 2_048;

    static class BinSamples extends RecursiveTask<long[]> {
        private final int[] micros;
        private final int from;
        private final int to;

        BinSamples(int[] micros, int from, int to) {
            this.micros = micros;
            this.from = from;
            this.to = to;
        }

        @Override
        protected long[] compute() {
            if (to - from <= THRESHOLD) {
                long[] counts = new long[Buckets.COUNT];
                for (int i = from; i < to; i++) {
                    counts[Buckets.of(micros[i])]++;
                }
                return counts;
            }
            int mid = (from + to) >>> 1;
            BinSamples left = new BinSamples(micros, from, mid);
            BinSamples right = new BinSamples(micros, mid, to);
            left.fork();
            long[] counts = right.compute();
            long[] leftCounts = left.join();
            for (int b = 0; b < counts.length; b++) {
                counts[b] += leftCounts[b];
            }
            return counts;
        }
    }

    public static void main(String[] args) {
        int[] micros = new int[20_000];
        long seed = 42;
        for (int i = 0; i < micros.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            micros[i] = (int) ((seed >>> 33) % 50_000);
        }
        long[] counts = ForkJoinPool.commonPool().invoke(new BinSamples(micros, 0, micros.length));
        long total = 0;
        for (int b = 0; b < counts.length; b++) {
            total += (b + 1L) * counts[b];
        }
        System.out.println("checksum=" + total);
    }
}
