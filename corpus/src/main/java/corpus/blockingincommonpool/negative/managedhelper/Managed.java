package corpus.blockingincommonpool.negative.managedhelper;

import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/** Runs a blocking supplier inside ForkJoinPool.managedBlock, so a common-pool worker that waits is replaced. */
final class Managed {

    private Managed() {
    }

    static <T> T call(Supplier<T> supplier) {
        final class Holder implements ForkJoinPool.ManagedBlocker {
            T value;
            boolean done;

            @Override
            public boolean block() {
                value = supplier.get();
                done = true;
                return true;
            }

            @Override
            public boolean isReleasable() {
                return done;
            }
        }
        Holder holder = new Holder();
        try {
            ForkJoinPool.managedBlock(holder);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return holder.value;
    }
}
