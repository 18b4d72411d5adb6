package corpus.copyonjoin.positive.squaremap;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Squares every value of a range into a fresh long[] as long as the range; parents concatenate both halves. */
public class SquareMap {

    static final int THRESHOLD = 1_500;

    static class SquareTask extends RecursiveTask<long[]> {
        private final int[] values;
        private final int from;
        private final int to;

        SquareTask(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected long[] compute() {
            if (to - from <= THRESHOLD) {
                long[] squares = new long[to - from];
                for (int i = from; i < to; i++) {
                    squares[i - from] = (long) values[i] * values[i];
                }
                return squares;
            }
            int mid = (from + to) >>> 1;
            SquareTask left = new SquareTask(values, from, mid);
            SquareTask right = new SquareTask(values, mid, to);
            left.fork();
            long[] rightSquares = right.compute();
            long[] leftSquares = left.join();
            long[] joined = new long[leftSquares.length + rightSquares.length];
            System.arraycopy(leftSquares, 0, joined, 0, leftSquares.length); // expect: copy-on-join
            System.arraycopy(rightSquares, 0, joined, leftSquares.length, rightSquares.length); // expect: copy-on-join
            return joined;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[50_001];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 31 + 17) % 4_099 - 2_000;
        }
        long[] squares = ForkJoinPool.commonPool().invoke(new SquareTask(values, 0, values.length));
        long checksum = 0;
        for (long square : squares) {
            checksum = checksum * 13 + square;
        }
        System.out.println("checksum=" + squares.length + ":" + checksum);
    }
}
