package corpus.sleepyworker.positive.retrybackoff;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaves load catalog entries through a client whose retry helper, two files away, sleeps between attempts. */
public class CatalogTotals {

    static final int THRESHOLD = 64;

    static class StockTotal extends RecursiveTask<Long> {
        private final List<Integer> skus;
        private final int from;
        private final int to;

        StockTotal(List<Integer> skus, int from, int to) {
            this.skus = skus;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long stock = 0;
                for (int i = from; i < to; i++) {
                    stock += CatalogClient.stockOf(skus.get(i));
                }
                return stock;
            }
            int mid = (from + to) >>> 1;
            StockTotal left = new StockTotal(skus, from, mid);
            StockTotal right = new StockTotal(skus, mid, to);
            left.fork();
            long rightStock = right.compute();
            return left.join() + rightStock;
        }
    }

    public static void main(String[] args) {
        List<Integer> skus = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            skus.add(i);
        }
        long stock = ForkJoinPool.commonPool().invoke(new StockTotal(skus, 0, skus.size()));
        System.out.println("checksum=" + stock);
    }
}
