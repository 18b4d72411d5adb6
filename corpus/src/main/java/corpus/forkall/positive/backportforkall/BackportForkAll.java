package corpus.forkall.positive.backportforkall;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveAction;

/** Squares an array in place on the jsr166y backport; both halves are forked, then both joined. */
public class BackportForkAll {

    static class Square extends RecursiveAction {
        private final long[] values;
        private final int from;
        private final int to;

        Square(long[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 1_024) {
                for (int i = from; i < to; i++) {
                    values[i] = values[i] * values[i] % 65_521;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            Square lower = new Square(values, from, mid);
            Square upper = new Square(values, mid, to);
            lower.fork();
            upper.fork(); // expect: fork-all
            lower.join(); // expect: join-order
            upper.join();
        }
    }

    public static void main(String[] args) {
        long[] values = new long[20_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        new ForkJoinPool(2).invoke(new Square(values, 0, values.length));
        long sum = 0;
        for (long v : values) {
            sum += v;
        }
        System.out.println("checksum=" + sum);
    }
}
