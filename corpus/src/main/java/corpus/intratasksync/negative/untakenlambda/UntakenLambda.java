package corpus.intratasksync.negative.untakenlambda;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.IntToLongFunction;

/**
 * The task holds a pure scoring lambda; another lambda of the same interface locks, but only the
 * sequential report in main calls it, so no worker ever blocks on it.
 */
public class UntakenLambda {

    static final int LEAF = 500;
    static final Object REPORT_LOCK = new Object();
    static long reported;

    static class Best extends RecursiveTask<Long> {
        private final IntToLongFunction score;
        private final int from;
        private final int to;

        Best(IntToLongFunction score, int from, int to) {
            this.score = score;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                long best = Long.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    best = Math.max(best, score.applyAsLong(i));
                }
                return best;
            }
            int mid = (from + to) >>> 1;
            Best left = new Best(score, from, mid);
            left.fork();
            return Math.max(new Best(score, mid, to).compute(), left.join());
        }
    }

    public static void main(String[] args) {
        long best = ForkJoinPool.commonPool().invoke(new Best(i -> (long) (i % 1_000) * (i % 1_000) % 7_919, 0, 20_000));
        IntToLongFunction report = value -> {
            synchronized (REPORT_LOCK) {
                reported += value;
                return reported;
            }
        };
        System.out.println("checksum=" + report.applyAsLong((int) best));
    }
}
