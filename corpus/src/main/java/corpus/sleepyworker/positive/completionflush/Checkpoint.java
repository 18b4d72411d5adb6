package corpus.sleepyworker.positive.completionflush;

/** Records the latest partial sums as a checkpoint and pauses so the log writer can catch up. */
final class Checkpoint {

    private static volatile long lastWritten;

    private Checkpoint() {
    }

    static void write(long[] partials) {
        long digest = 0;
        for (long partial : partials) {
            digest = digest * 1_000_003 + partial;
        }
        lastWritten = digest;
        try {
            Thread.sleep(1); // expect: sleepy-worker
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long lastWritten() {
        return lastWritten;
    }
}
