package corpus.sleepyworker.positive.gatepoll;

/** A one-shot gate: callers spin until it has been opened. */
public final class Gate {

    private static volatile boolean open;

    private Gate() {
    }

    static void open() {
        open = true;
    }

    static boolean isOpen() {
        return open;
    }

    static void pass() {
        awaitOpen();
    }

    private static void awaitOpen() {
        do { // expect: sleepy-worker
            Thread.yield();
        } while (!isOpen());
    }
}
