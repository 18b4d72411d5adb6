package corpus.sleepyworker.negative.unusedspin;

/** A lookup table filled once by a warm-up thread; readers must wait until it is published. */
public final class Lookup {

    private static final int[] WEIGHTS = new int[1_024];
    private static volatile boolean filled;

    private Lookup() {
    }

    static void fill() {
        for (int i = 0; i < WEIGHTS.length; i++) {
            WEIGHTS[i] = Integer.bitCount(i) * 3 + i % 7;
        }
        filled = true;
    }

    /** Spins until fill() has published the table; only the startup thread calls this. */
    static void awaitFilled() {
        while (!filled) {
            Thread.onSpinWait();
        }
    }

    static int weight(int key) {
        return WEIGHTS[key];
    }
}
