package corpus.copyonjoin.positive.primelist;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Collects the primes of a range into lists (test in plain helper {@link Primes}) and merges halves with addAll. */
public class PrimeList {

    static final int THRESHOLD = 2_000;

    static class PrimesTask extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        PrimesTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            if (to - from <= THRESHOLD) {
                List<Integer> primes = new ArrayList<>();
                for (int n = from; n < to; n++) {
                    if (Primes.isPrime(n)) {
                        primes.add(n);
                    }
                }
                return primes;
            }
            int mid = (from + to) >>> 1;
            PrimesTask left = new PrimesTask(from, mid);
            PrimesTask right = new PrimesTask(mid, to);
            left.fork();
            List<Integer> rightPrimes = right.compute();
            List<Integer> result = left.join();
            result.addAll(rightPrimes); // expect: copy-on-join
            return result;
        }
    }

    public static void main(String[] args) {
        List<Integer> primes = ForkJoinPool.commonPool().invoke(new PrimesTask(0, 50_000));
        long checksum = 0;
        for (int i = 0; i < primes.size(); i++) {
            checksum = checksum * 31 + primes.get(i);
        }
        System.out.println("checksum=" + primes.size() + ":" + checksum);
    }
}
