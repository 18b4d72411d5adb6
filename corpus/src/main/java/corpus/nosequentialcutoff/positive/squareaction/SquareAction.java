package corpus.nosequentialcutoff.positive.squareaction;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** An in-place transform that splits while more than one element is left, and squares that one. */
public class SquareAction {

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
            if (to - from > 1) { // expect: no-sequential-cutoff
                int mid = (from + to) >>> 1;
                invokeAll(new Square(values, from, mid), new Square(values, mid, to));
            } else {
                values[from] = values[from] * values[from] % 1_000_003;
            }
        }
    }

    public static void main(String[] args) {
        long[] values = new long[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 3L + 1;
        }
        ForkJoinPool.commonPool().invoke(new Square(values, 0, values.length));
        long checksum = 0;
        for (long v : values) {
            checksum = checksum * 31 + v;
        }
        System.out.println("checksum=" + checksum);
    }
}
