package corpus.copyonjoin.negative.histogram;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Joined int[] histograms are combined by adding bucket counts in place, not by copying them. */
public class Histogram {

    static final int THRESHOLD = 2_000;
    static final int BUCKETS = 16;

    static class HistogramTask extends RecursiveTask<int[]> {
        private final int[] samples;
        private final int from;
        private final int to;

        HistogramTask(int[] samples, int from, int to) {
            this.samples = samples;
            this.from = from;
            this.to = to;
        }

        @Override
        protected int[] compute() {
            if (to - from <= THRESHOLD) {
                int[] counts = new int[BUCKETS];
                for (int i = from; i < to; i++) {
                    counts[samples[i] % BUCKETS]++;
                }
                return counts;
            }
            int mid = (from + to) >>> 1;
            HistogramTask left = new HistogramTask(samples, from, mid);
            HistogramTask right = new HistogramTask(samples, mid, to);
            left.fork();
            int[] rightCounts = right.compute();
            int[] counts = left.join();
            for (int b = 0; b < BUCKETS; b++) {
                counts[b] += rightCounts[b];
            }
            return counts;
        }
    }

    public static void main(String[] args) {
        int[] samples = new int[64_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (int) (((long) i * i + 3L * i) % 1_000);
        }
        int[] counts = ForkJoinPool.commonPool().invoke(new HistogramTask(samples, 0, samples.length));
        long checksum = 0;
        for (int count : counts) {
            checksum = checksum * 31 + count;
        }
        System.out.println("checksum=" + checksum);
    }
}
