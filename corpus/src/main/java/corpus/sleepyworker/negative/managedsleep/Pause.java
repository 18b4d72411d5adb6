package corpus.sleepyworker.negative.managedsleep;

import java.util.concurrent.ForkJoinPool;

/** A pause as a ManagedBlocker: the pool can run a spare worker while this one sleeps. */
final class Pause implements ForkJoinPool.ManagedBlocker {

    private final long millis;
    private boolean done;

    Pause(long millis) {
        this.millis = millis;
    }

    @Override
    public boolean block() throws InterruptedException {
        if (!done) {
            Thread.sleep(millis);
            done = true;
        }
        return true;
    }

    @Override
    public boolean isReleasable() {
        return done;
    }
}
