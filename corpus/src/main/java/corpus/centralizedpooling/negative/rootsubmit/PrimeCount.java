package corpus.centralizedpooling.negative.rootsubmit;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Only main() submits root tasks to the pool; the tasks themselves split with fork()/join(). */
public class PrimeCount {

    static final class CountPrimes extends RecursiveTask<Integer> {
        static final int THRESHOLD = 1_000;

        private final int from;
        private final int to;

        CountPrimes(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= THRESHOLD) {
                int count = 0;
                for (int n = from; n < to; n++) {
                    if (isPrime(n)) {
                        count++;
                    }
                }
                return count;
            }
            int mid = (from + to) >>> 1;
            CountPrimes left = new CountPrimes(from, mid);
            CountPrimes right = new CountPrimes(mid, to);
            left.fork();
            return right.compute() + left.join();
        }

        private static boolean isPrime(int n) {
            if (n < 2) {
                return false;
            }
            for (int d = 2; (long) d * d <= n; d++) {
                if (n % d == 0) {
                    return false;
                }
            }
            return true;
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(4);
        try {
            ForkJoinTask<Integer> low = pool.submit(new CountPrimes(0, 30_000));
            CountPrimes high = new CountPrimes(30_000, 60_000);
            pool.execute(high);
            int total = low.join() + high.join();
            total += pool.invoke(new CountPrimes(60_000, 70_000));
            System.out.println("checksum=" + total);
        } finally {
            pool.shutdown();
        }
    }
}
