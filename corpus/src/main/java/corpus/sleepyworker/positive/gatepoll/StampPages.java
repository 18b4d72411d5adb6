package corpus.sleepyworker.positive.gatepoll;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;

/** A CountedCompleter whose leaves reach a yield-spinning gate through calls in two other files. */
public class StampPages {

    static final class StampTask extends CountedCompleter<Void> {
        private final int[] pages;
        private final long[] stamps;
        private final int lo;
        private final int hi;

        StampTask(CountedCompleter<?> parent, int[] pages, long[] stamps, int lo, int hi) {
            super(parent);
            this.pages = pages;
            this.stamps = stamps;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public void compute() {
            if (hi - lo > 16) {
                int mid = (lo + hi) >>> 1;
                setPendingCount(1);
                new StampTask(this, pages, stamps, mid, hi).fork();
                new StampTask(this, pages, stamps, lo, mid).compute();
                return;
            }
            for (int i = lo; i < hi; i++) {
                stamps[i] = Printer.print(pages[i]);
            }
            tryComplete();
        }
    }

    public static void main(String[] args) {
        int[] pages = new int[100];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = 1 + (i * 7) % 100;
        }
        long[] stamps = new long[pages.length];
        Gate.open();
        ForkJoinPool.commonPool().invoke(new StampTask(null, pages, stamps, 0, pages.length));
        long checksum = 0;
        for (long stamp : stamps) {
            checksum = checksum * 3 + stamp;
        }
        System.out.println("checksum=" + checksum);
    }
}
