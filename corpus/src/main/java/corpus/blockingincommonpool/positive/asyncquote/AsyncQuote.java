package corpus.blockingincommonpool.positive.asyncquote;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Asks a slow quote service for each symbol with supplyAsync and no executor: the waits run in the common pool. */
public class AsyncQuote {

    static final long LATENCY_MS = 1;

    static long quote(int symbol) {
        try {
            Thread.sleep(LATENCY_MS); // expect: sleepy-worker
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return symbol * 7L + 3;
    }

    public static void main(String[] args) {
        List<CompletableFuture<Long>> quotes = new ArrayList<>();
        for (int symbol = 0; symbol < 16; symbol++) {
            final int s = symbol;
            quotes.add(CompletableFuture.supplyAsync(() -> quote(s))); // expect: blocking-in-common-pool
        }
        long checksum = 0;
        for (CompletableFuture<Long> quote : quotes) {
            checksum = checksum * 31 + quote.join();
        }
        System.out.println("checksum=" + checksum);
    }
}
