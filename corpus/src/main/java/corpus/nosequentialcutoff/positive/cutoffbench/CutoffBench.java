package corpus.nosequentialcutoff.positive.cutoffbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Workload: an element-wise update split down to one element per task. Arguments: array length
 * (default small) and rounds.
 */
public class CutoffBench {

    static class Scale extends RecursiveAction {
        private final double[] in;
        private final double[] out;
        private final int from;
        private final int to;

        Scale(double[] in, double[] out, int from, int to) {
            this.in = in;
            this.out = out;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from > 1) { // expect: no-sequential-cutoff
                int mid = (from + to) >>> 1;
                invokeAll(new Scale(in, out, from, mid), new Scale(in, out, mid, to));
            } else {
                out[from] = in[from] * 1.5 + 2.0;
            }
        }
    }

    // measure: 1000000 4
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        double[] in = new double[size];
        double[] out = new double[size];
        for (int i = 0; i < size; i++) {
            in[i] = i % 1_000;
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            ForkJoinPool.commonPool().invoke(new Scale(in, out, 0, size));
            double[] swap = in;
            in = out;
            out = swap;
        }
        for (int i = 0; i < size; i += 97) {
            checksum = checksum * 31 + (long) in[i];
        }
        System.out.println("checksum=" + checksum);
    }
}
