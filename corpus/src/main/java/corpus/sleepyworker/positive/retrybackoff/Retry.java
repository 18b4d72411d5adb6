package corpus.sleepyworker.positive.retrybackoff;

/** A small retry policy with exponential backoff. */
public final class Retry {

    static final int MAX_ATTEMPTS = 4;

    private Retry() {
    }

    static long readWithBackoff(int sku) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            long value = CatalogClient.readOnce(sku, attempt);
            if (value >= 0) {
                return value;
            }
            pause(attempt);
        }
        return -1;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(1L << attempt); // expect: sleepy-worker
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
