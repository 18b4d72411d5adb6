package corpus.intratasksync.positive.scorelambda;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.IntToLongFunction;

/** A search task scores candidates with a lambda main hands it; the lambda memoizes under a shared lock. */
public class ScoreLambda {

    static final int LEAF = 500;
    static final Map<Integer, Long> CACHE = new HashMap<>();

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
        IntToLongFunction score = i -> {
            synchronized (CACHE) { // expect: intra-task-sync
                return CACHE.computeIfAbsent(i % 1_000, k -> (long) k * k % 7_919);
            }
        };
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Best(score, 0, 20_000)));
    }
}
