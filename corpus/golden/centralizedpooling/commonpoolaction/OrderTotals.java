package corpus.centralizedpooling.positive.commonpoolaction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.ToLongFunction;

/** A generic RecursiveAction over a list that submits its left half to the common pool from compute(). */
public class OrderTotals {

    record Order(String sku, int quantity, long unitCents) {
    }

    static final class PriceTask<T> extends RecursiveAction {
        static final int THRESHOLD = 500;

        private final List<T> items;
        private final long[] out;
        private final ToLongFunction<T> price;
        private final int from;
        private final int to;

        PriceTask(List<T> items, long[] out, ToLongFunction<T> price, int from, int to) {
            this.items = items;
            this.out = out;
            this.price = price;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    out[i] = price.applyAsLong(items.get(i));
                }
                return;
            }
            int mid = (from + to) >>> 1;
            PriceTask<T> left = new PriceTask<>(items, out, price, from, mid);
            PriceTask<T> right = new PriceTask<>(items, out, price, mid, to);
            if (java.util.concurrent.ForkJoinTask.getPool() == ForkJoinPool.commonPool()) {
                left.fork();
            } else {
                ForkJoinPool.commonPool().submit(left); // expect: centralized-pooling
            }
            right.compute();
            left.join();
        }
    }

    public static void main(String[] args) {
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 8_000; i++) {
            orders.add(new Order("sku-" + (i % 97), 1 + i % 5, 199 + (i * 13L) % 1_000));
        }
        long[] totals = new long[orders.size()];
        ForkJoinPool.commonPool().invoke(
                new PriceTask<>(orders, totals, o -> o.quantity() * o.unitCents(), 0, orders.size()));
        long checksum = 0;
        for (long total : totals) {
            checksum += total;
        }
        System.out.println("checksum=" + checksum);
    }
}
