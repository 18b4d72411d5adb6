package corpus.forkthenjoin.positive.backportquiet;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveAction;

/** Scales a vector in place on the jsr166y backport; the lower half is forked and quietly joined at once. */
public class BackportQuiet {

    static class Scale extends RecursiveAction {
        private final double[] data;
        private final double factor;
        private final int from;
        private final int to;

        Scale(double[] data, double factor, int from, int to) {
            this.data = data;
            this.factor = factor;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 512) {
                for (int i = from; i < to; i++) {
                    data[i] *= factor;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            Scale lower = new Scale(data, factor, from, mid);
            lower.fork(); // expect: fork-then-join
            lower.quietlyJoin();
            new Scale(data, factor, mid, to).compute();
        }
    }

    public static void main(String[] args) {
        double[] data = new double[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 13;
        }
        new ForkJoinPool(2).invoke(new Scale(data, 1.5, 0, data.length));
        double sum = 0;
        for (double d : data) {
            sum += d;
        }
        System.out.println("checksum=" + sum);
    }
}
