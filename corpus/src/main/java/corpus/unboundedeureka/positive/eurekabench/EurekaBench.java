package corpus.unboundedeureka.positive.eurekabench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Workload: a parallel search for a key whose hash matches, with the one match near the start of the
 * range. Arguments: number of keys (default small) and rounds.
 */
public class EurekaBench {

    static final AtomicInteger FOUND = new AtomicInteger(-1);

    static class Search extends RecursiveAction {
        private final int lo;
        private final int hi;
        private final long wanted;

        Search(int lo, int hi, long wanted) {
            this.lo = lo;
            this.hi = hi;
            this.wanted = wanted;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 8_192) {
                for (int i = lo; i < hi; i++) {
                    if (hash(i) == wanted) {
                        FOUND.compareAndSet(-1, i); // expect: unbounded-eureka
                    }
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Search(lo, mid, wanted), new Search(mid, hi, wanted));
        }
    }

    /** A bijective mix of the key (a few rounds), so exactly one key has the wanted hash. */
    static long hash(long key) {
        long h = key;
        for (int round = 0; round < 4; round++) {
            h ^= h >>> 31;
            h *= 0x7fb5_d329_728e_a185L;
        }
        return h;
    }

    // measure: 20000000 3
    public static void main(String[] args) {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            FOUND.set(-1);
            int target = keys / 50 + r;
            ForkJoinPool.commonPool().invoke(new Search(0, keys, hash(target)));
            checksum = checksum * 31 + FOUND.get();
        }
        System.out.println("checksum=" + checksum);
    }
}
