package corpus.unboundedeureka.positive.helperfind;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicBoolean;

/** A search whose leaf scan lives in a helper method; the shared flag is handed to every subtask. */
public class HelperFind {

    static class Scan extends RecursiveAction {
        private final long[] values;
        private final int lo;
        private final int hi;
        private final AtomicBoolean seen;

        Scan(long[] values, int lo, int hi, AtomicBoolean seen) {
            this.values = values;
            this.lo = lo;
            this.hi = hi;
            this.seen = seen;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 4_096) {
                scan();
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Scan(values, lo, mid, seen), new Scan(values, mid, hi, seen));
        }

        private void scan() {
            for (int i = lo; i < hi; i++) {
                if (values[i] % 99_991 == 0 && values[i] > 0) {
                    seen.set(true); // expect: unbounded-eureka
                }
            }
        }
    }

    public static void main(String[] args) {
        long[] values = new long[60_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 3L + 1;
        }
        AtomicBoolean seen = new AtomicBoolean();
        ForkJoinPool.commonPool().invoke(new Scan(values, 0, values.length, seen));
        System.out.println("checksum=" + seen.get());
    }
}
