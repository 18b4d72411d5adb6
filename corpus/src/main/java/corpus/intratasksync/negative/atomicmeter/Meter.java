package corpus.intratasksync.negative.atomicmeter;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Traffic totals kept in a LongAdder and an AtomicLong maximum: thread-safe without blocking. */
public final class Meter {

    private static final LongAdder TOTAL = new LongAdder();
    private static final AtomicLong LARGEST = new AtomicLong();

    private Meter() {
    }

    static void observe(long bytes) {
        record(bytes);
    }

    private static void record(long bytes) {
        TOTAL.add(bytes);
        LARGEST.accumulateAndGet(bytes, Math::max);
    }

    static long total() {
        return TOTAL.sum();
    }

    static long largest() {
        return LARGEST.get();
    }
}
