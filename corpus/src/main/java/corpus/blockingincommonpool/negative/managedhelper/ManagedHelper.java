package corpus.blockingincommonpool.negative.managedhelper;

import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

/** The wait in the parallel stream goes through a helper that runs it inside managedBlock. */
public class ManagedHelper {

    private static final CountDownLatch OPEN = new CountDownLatch(0);

    static int awaitOpen(int v) {
        try {
            OPEN.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return v * 5;
    }

    static int managedLookup(int v) {
        return Managed.call(() -> awaitOpen(v));
    }

    public static void main(String[] args) {
        long sum = IntStream.range(0, 300).parallel().map(ManagedHelper::managedLookup).sum();
        System.out.println("checksum=" + sum);
    }
}
