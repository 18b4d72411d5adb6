package corpus.sleepyworker.positive.backportthrottle;

/** Paces the writers of a shared sink; knows nothing of fork/join. */
final class Throttle {

    private Throttle() {
    }

    static void pause() {
        try {
            Thread.sleep(1); // expect: sleepy-worker
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
