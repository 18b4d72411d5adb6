package corpus.forkthenjoin.positive.futureget;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts primes; the first part is forked and read back at once with Future.get(), its exceptions wrapped. */
public class FutureGet {

    static class Primes extends RecursiveTask<Integer> {
        private final int from;
        private final int to;

        Primes(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 2_000) {
                int count = 0;
                for (int n = Math.max(2, from); n < to; n++) {
                    boolean prime = true;
                    for (int d = 2; d * d <= n && prime; d++) {
                        prime = n % d != 0;
                    }
                    count += prime ? 1 : 0;
                }
                return count;
            }
            int mid = (from + to) >>> 1;
            Primes first = new Primes(from, mid);
            first.fork(); // expect: fork-then-join
            try {
                int below = first.get();
                return below + new Primes(mid, to).compute();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Primes(0, 50_000)));
    }
}
