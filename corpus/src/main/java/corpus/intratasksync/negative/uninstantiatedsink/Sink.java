package corpus.intratasksync.negative.uninstantiatedsink;

/** Where a task writes one result. */
interface Sink {
    void put(int index, long value);

    long total();
}
