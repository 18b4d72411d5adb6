package corpus.intratasksync.positive.interfacesink;

/** The only implementation: every write takes the sink's monitor, so all workers queue on it. */
final class SynchronizedSink implements Sink {
    private final long[] values;
    private long total;

    SynchronizedSink(int size) {
        values = new long[size];
    }

    @Override
    public synchronized void put(int index, long value) { // expect: intra-task-sync
        values[index] = value;
        total += value;
    }

    @Override
    public synchronized long total() {
        return total;
    }
}
