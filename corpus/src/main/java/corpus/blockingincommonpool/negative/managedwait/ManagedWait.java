package corpus.blockingincommonpool.negative.managedwait;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;
import java.util.stream.IntStream;

/** The wait inside a parallel stream is wrapped in ForkJoinPool.managedBlock: the pool can compensate. */
public class ManagedWait {

    private static final Semaphore PERMITS = new Semaphore(4);

    static long guarded(int v) {
        try {
            ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                private boolean acquired;

                @Override
                public boolean block() throws InterruptedException {
                    PERMITS.acquire();
                    acquired = true;
                    return true;
                }

                @Override
                public boolean isReleasable() {
                    return acquired || (acquired = PERMITS.tryAcquire());
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
        try {
            return v * 2L;
        } finally {
            PERMITS.release();
        }
    }

    public static void main(String[] args) {
        long sum = IntStream.range(0, 200).parallel().mapToLong(ManagedWait::guarded).sum();
        System.out.println("checksum=" + sum);
    }
}
