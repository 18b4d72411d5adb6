package corpus.intratasksync.negative.partialresults;

/** Maps a latency in microseconds to a logarithmic bucket; pure, so it needs no lock. */
public final class Buckets {

    static final int COUNT = 16;

    private Buckets() {
    }

    static int of(int micros) {
        int bucket = 32 - Integer.numberOfLeadingZeros(Math.max(1, micros) >>> 2);
        return Math.min(bucket, COUNT - 1);
    }
}
