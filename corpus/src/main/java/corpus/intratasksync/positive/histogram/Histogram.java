package corpus.intratasksync.positive.histogram;

/** A process-wide latency histogram with a monitor-guarded update. */
public final class Histogram {

    static final Histogram SHARED = new Histogram(Binning.BUCKETS);

    private final long[] counts;

    Histogram(int buckets) {
        this.counts = new long[buckets];
    }

    static void record(int bucket) {
        SHARED.increment(bucket);
    }

    synchronized void increment(int bucket) { // expect: intra-task-sync
        counts[bucket]++;
    }

    long weightedTotal() {
        long total = 0;
        for (int b = 0; b < counts.length; b++) {
            total += (b + 1L) * counts[b];
        }
        return total;
    }
}
