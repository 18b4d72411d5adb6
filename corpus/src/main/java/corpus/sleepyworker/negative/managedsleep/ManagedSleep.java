package corpus.sleepyworker.negative.managedsleep;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Leaves rate-limit themselves through ForkJoinPool.managedBlock, so the sleep sits in ManagedBlocker.block(). */
public class ManagedSleep {

    static final int THRESHOLD = 2_500;

    static class Normalize extends RecursiveAction {
        private final double[] samples;
        private final double scale;
        private final int from;
        private final int to;

        Normalize(double[] samples, double scale, int from, int to) {
            this.samples = samples;
            this.scale = scale;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                try {
                    ForkJoinPool.managedBlock(new Pause(1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (int i = from; i < to; i++) {
                    samples[i] = Math.round(samples[i] * scale * 1_000) / 1_000.0;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            Normalize left = new Normalize(samples, scale, from, mid);
            Normalize right = new Normalize(samples, scale, mid, to);
            left.fork();
            right.compute();
            left.join();
        }
    }

    public static void main(String[] args) {
        double[] samples = new double[10_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (i * 37) % 1_000;
        }
        ForkJoinPool.commonPool().invoke(new Normalize(samples, 1.0 / 999, 0, samples.length));
        long checksum = 0;
        for (double sample : samples) {
            checksum += Math.round(sample * 1_000);
        }
        System.out.println("checksum=" + checksum);
    }
}
