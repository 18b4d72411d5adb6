package corpus.intratasksync.negative.uninstantiatedsink;

/** What the program uses: each task writes its own slots, no lock needed. */
final class ArraySink implements Sink {
    private final long[] values;

    ArraySink(int size) {
        values = new long[size];
    }

    @Override
    public void put(int index, long value) {
        values[index] = value;
    }

    @Override
    public long total() {
        long total = 0;
        for (long value : values) {
            total += value;
        }
        return total;
    }
}
