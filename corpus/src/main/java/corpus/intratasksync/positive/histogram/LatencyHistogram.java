package corpus.intratasksync.positive.histogram;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Bins latency samples; the leaves reach a synchronized histogram update through calls in two other files. */
public class LatencyHistogram {

    static final int THRESHOLD = 2_048;

    static class BinSamples extends RecursiveAction {
        private final int[] micros;
        private final int from;
        private final int to;

        BinSamples(int[] micros, int from, int to) {
            this.micros = micros;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    Binning.classify(micros[i]);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            BinSamples left = new BinSamples(micros, from, mid);
            BinSamples right = new BinSamples(micros, mid, to);
            left.fork();
            right.compute();
            left.join();
        }
    }

    public static void main(String[] args) {
        int[] micros = new int[20_000];
        long seed = 42;
        for (int i = 0; i < micros.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            micros[i] = (int) ((seed >>> 33) % 50_000);
        }
        ForkJoinPool.commonPool().invoke(new BinSamples(micros, 0, micros.length));
        System.out.println("checksum=" + Histogram.SHARED.weightedTotal());
    }
}
