package corpus.intratasksync.positive.futurecache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Prices by SKU, each held as a future as if fetched from a remote catalog. */
public final class PriceBook {

    private static final List<Future<Long>> PRICES = new ArrayList<>();

    private PriceBook() {
    }

    static void load(int skus) {
        for (int sku = 0; sku < skus; sku++) {
            PRICES.add(CompletableFuture.completedFuture(100L + (sku * 7L) % 90));
        }
    }

    static long price(int sku) {
        try {
            return PRICES.get(sku).get(); // expect: intra-task-sync
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
