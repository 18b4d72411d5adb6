package corpus.sleepyworker.positive.retrybackoff;

/** Reads stock levels from the catalog service, retrying when it is busy. */
public final class CatalogClient {

    private CatalogClient() {
    }

    static long stockOf(int sku) {
        long raw = Retry.readWithBackoff(sku);
        return raw < 0 ? 0 : raw;
    }

    /** Simulated service: busy on the first attempt for every 97th SKU, then answers. */
    static long readOnce(int sku, int attempt) {
        if (attempt == 0 && sku % 97 == 0) {
            return -1;
        }
        return (sku * 13L) % 50;
    }
}
