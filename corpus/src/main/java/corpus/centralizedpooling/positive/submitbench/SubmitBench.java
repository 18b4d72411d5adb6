package corpus.centralizedpooling.positive.submitbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Workload: a fine-grained RecursiveAction that submits its left half to the common pool from compute()
 * instead of forking it. Arguments: array length (default small) and rounds.
 */
public class SubmitBench {

    static final class ScaleTask extends RecursiveAction {
        static final int THRESHOLD = 256;

        private final double[] values;
        private final int from;
        private final int to;

        ScaleTask(double[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    values[i] = Math.sqrt(values[i] * 1.5 + 1);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            ScaleTask left = new ScaleTask(values, from, mid);
            ScaleTask right = new ScaleTask(values, mid, to);
            ForkJoinPool.commonPool().submit(left); // expect: centralized-pooling
            right.compute();
            left.join();
        }
    }

    // measure: 2000000 160
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        double[] values = new double[size];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 1_000;
        }
        for (int r = 0; r < rounds; r++) {
            ForkJoinPool.commonPool().invoke(new ScaleTask(values, 0, values.length));
        }
        double checksum = 0;
        for (double value : values) {
            checksum += value;
        }
        System.out.println("checksum=" + Math.round(checksum * 1_000));
    }
}
