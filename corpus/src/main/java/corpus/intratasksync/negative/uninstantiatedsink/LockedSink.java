package corpus.intratasksync.negative.uninstantiatedsink;

/** A synchronized variant kept for debugging; nothing creates one, so no task can call it. */
final class LockedSink implements Sink {
    private long total;

    @Override
    public synchronized void put(int index, long value) {
        total += value;
    }

    @Override
    public synchronized long total() {
        return total;
    }
}
