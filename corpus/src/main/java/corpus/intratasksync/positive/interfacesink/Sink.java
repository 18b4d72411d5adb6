package corpus.intratasksync.positive.interfacesink;

/** Where a task writes one result; the task only knows this interface. */
interface Sink {
    void put(int index, long value);

    long total();
}
