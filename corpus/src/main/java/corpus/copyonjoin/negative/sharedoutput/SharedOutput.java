package corpus.copyonjoin.negative.sharedoutput;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** The fixed copy-on-join shape: every leaf writes its range of one shared output array, nothing is merged. */
public class SharedOutput {

    static final int THRESHOLD = 1_000;

    static class ScaleAction extends RecursiveAction {
        private final double[] input;
        private final double[] output;
        private final double factor;
        private final int from;
        private final int to;

        ScaleAction(double[] input, double[] output, double factor, int from, int to) {
            this.input = input;
            this.output = output;
            this.factor = factor;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    output[i] = Math.floor(input[i] * factor);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new ScaleAction(input, output, factor, from, mid),
                    new ScaleAction(input, output, factor, mid, to));
        }
    }

    public static void main(String[] args) {
        double[] input = new double[40_000];
        for (int i = 0; i < input.length; i++) {
            input[i] = (i % 250) * 0.5;
        }
        double[] output = new double[input.length];
        ForkJoinPool.commonPool().invoke(new ScaleAction(input, output, 3.0, 0, input.length));
        double checksum = 0;
        for (double value : output) {
            checksum += value;
        }
        System.out.println("checksum=" + (long) checksum);
    }
}
