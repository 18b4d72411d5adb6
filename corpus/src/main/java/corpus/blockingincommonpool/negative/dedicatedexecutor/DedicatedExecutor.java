package corpus.blockingincommonpool.negative.dedicatedexecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The slow calls run on a dedicated executor passed to supplyAsync, not in the common pool. */
public class DedicatedExecutor {

    static long quote(int symbol) {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return symbol * 11L;
    }

    public static void main(String[] args) {
        ExecutorService io = Executors.newFixedThreadPool(8);
        List<CompletableFuture<Long>> quotes = new ArrayList<>();
        for (int symbol = 0; symbol < 16; symbol++) {
            final int s = symbol;
            quotes.add(CompletableFuture.supplyAsync(() -> quote(s), io).thenApplyAsync(v -> v + 1, io));
        }
        long checksum = 0;
        for (CompletableFuture<Long> quote : quotes) {
            checksum = checksum * 31 + quote.join();
        }
        io.shutdown();
        System.out.println("checksum=" + checksum);
    }
}
