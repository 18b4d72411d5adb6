package corpus.forkthenjoin.positive.halvesinturn;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Sums squares modulo a prime; each half is forked and joined before the other starts, so nothing overlaps. */
public class HalvesInTurn {

    static class SquareSum extends RecursiveTask<Long> {
        private final int[] values;
        private final int from;
        private final int to;

        SquareSum(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) values[i] * values[i] % 10_007;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            SquareSum left = new SquareSum(values, from, mid);
            SquareSum right = new SquareSum(values, mid, to);
            left.fork(); // expect: fork-then-join
            long fromLeft = left.join();
            right.fork(); // expect: fork-then-join
            long fromRight = right.join();
            return fromLeft + fromRight;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[40_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 37) % 1_009;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new SquareSum(values, 0, values.length)));
    }
}
