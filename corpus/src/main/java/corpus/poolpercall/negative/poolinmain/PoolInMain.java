package corpus.poolpercall.negative.poolinmain;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The pool is created once, in main, used for every request and shut down at the end. */
public class PoolInMain {

    static class Count extends RecursiveTask<Integer> {
        private final int from;
        private final int to;

        Count(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1_000) {
                int primes = 0;
                for (int n = from; n < to; n++) {
                    primes += isPrime(n) ? 1 : 0;
                }
                return primes;
            }
            int mid = (from + to) >>> 1;
            Count left = new Count(from, mid);
            left.fork();
            return new Count(mid, to).compute() + left.join();
        }

        static boolean isPrime(int n) {
            if (n < 2) {
                return false;
            }
            for (int d = 2; d * d <= n; d++) {
                if (n % d == 0) {
                    return false;
                }
            }
            return true;
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        long checksum = 0;
        for (int r = 1; r <= 5; r++) {
            checksum = checksum * 31 + pool.invoke(new Count(0, r * 4_000));
        }
        pool.shutdown();
        System.out.println("checksum=" + checksum);
    }
}
