package corpus.centralizedpooling.negative.asyncexecutor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Requests run on a plain thread pool that hands the computation to the fork/join pool once: the right shape. */
public class AsyncExecutor {

    static final ForkJoinPool POOL = new ForkJoinPool(2);
    static final ExecutorService REQUESTS = Executors.newFixedThreadPool(2);

    static class Count extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Count(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                long hits = 0;
                for (int i = from; i < to; i++) {
                    hits += Integer.bitCount(i) % 2;
                }
                return hits;
            }
            int mid = (from + to) >>> 1;
            Count left = new Count(from, mid);
            left.fork();
            return new Count(mid, to).compute() + left.join();
        }
    }

    static CompletableFuture<Long> request(int size) {
        return CompletableFuture.supplyAsync(() -> POOL.invoke(new Count(0, size)), REQUESTS);
    }

    public static void main(String[] args) {
        long total = request(30_000).join() + request(10_000).join();
        REQUESTS.shutdown();
        POOL.shutdown();
        System.out.println("checksum=" + total);
    }
}
