package core;

/** Slows callers down; harmless on a plain thread, a sleeping worker inside a fork/join task. */
public final class Throttle {

    private Throttle() {
    }

    public static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
