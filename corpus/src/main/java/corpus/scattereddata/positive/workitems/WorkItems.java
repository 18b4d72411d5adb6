package corpus.scattereddata.positive.workitems;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A for-each over {@link Order} work items builds each order's line amounts and forks a pricing task per order. */
public class WorkItems {

    static class InvoiceTotal extends RecursiveTask<Long> {
        private final List<Order> orders;

        InvoiceTotal(List<Order> orders) {
            this.orders = orders;
        }

        @Override
        protected Long compute() {
            List<PriceOrder> priced = new ArrayList<>();
            for (Order order : orders) { // expect: scattered-data
                PriceOrder task = new PriceOrder(order.lineAmounts());
                task.fork(); // expect: fork-all
                priced.add(task);
            }
            long total = 0;
            for (PriceOrder task : priced) {
                total += task.join(); // expect: join-order
            }
            return total;
        }
    }

    static class PriceOrder extends RecursiveTask<Long> {
        private final long[] amounts;

        PriceOrder(long[] amounts) {
            this.amounts = amounts;
        }

        @Override
        protected Long compute() {
            long total = 0;
            for (long amount : amounts) {
                total += amount >= 100 ? amount * 9 / 10 : amount;
            }
            return total;
        }
    }

    public static void main(String[] args) {
        List<Order> orders = new ArrayList<>();
        for (int id = 0; id < 200; id++) {
            orders.add(new Order(id, 5 + id % 20, 10 + (id * 7) % 90));
        }
        long total = ForkJoinPool.commonPool().invoke(new InvoiceTotal(orders));
        System.out.println("checksum=" + total);
    }
}
