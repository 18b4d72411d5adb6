package corpus.copyonfork.negative.localrecursivetask;

/**
 * The project's own sequential divide-and-conquer base class. It happens to be named like
 * java.util.concurrent.RecursiveTask but has nothing to do with fork/join: fork() just runs compute().
 */
abstract class RecursiveTask<V> {

    private V result;
    private boolean done;

    protected abstract V compute();

    final RecursiveTask<V> fork() {
        result = compute();
        done = true;
        return this;
    }

    final V join() {
        if (!done) {
            fork();
        }
        return result;
    }

    final V invoke() {
        return fork().join();
    }
}
