package corpus.poolpercall.positive.asyncpool;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;

/** Each batch gets its own pool for its asynchronous step, created in the loop that sends the batches. */
public class AsyncPool {

    static long digest(int seed) {
        long h = seed;
        for (int i = 0; i < 1_000; i++) {
            h = h * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L;
        }
        return h >>> 40;
    }

    public static void main(String[] args) {
        List<CompletableFuture<Long>> results = new ArrayList<>();
        for (int batch = 0; batch < 8; batch++) {
            int seed = batch;
            ForkJoinPool pool = new ForkJoinPool(1); // expect: pool-per-call
            results.add(CompletableFuture.supplyAsync(() -> digest(seed), pool));
        }
        long checksum = 0;
        for (CompletableFuture<Long> result : results) {
            checksum = checksum * 31 + result.join();
        }
        System.out.println("checksum=" + checksum);
    }
}
