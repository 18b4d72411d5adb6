package corpus.intratasksync.positive.histogram;

/** Maps a latency in microseconds to a logarithmic bucket and records it. */
public final class Binning {

    static final int BUCKETS = 16;

    private Binning() {
    }

    static void classify(int micros) {
        Histogram.record(bucketOf(micros));
    }

    static int bucketOf(int micros) {
        int bucket = 32 - Integer.numberOfLeadingZeros(Math.max(1, micros) >>> 2);
        return Math.min(bucket, BUCKETS - 1);
    }
}
