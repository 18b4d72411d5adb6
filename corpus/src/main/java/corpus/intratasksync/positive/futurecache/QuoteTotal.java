package corpus.intratasksync.positive.futurecache;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** A direct ForkJoinTask subclass (exec/getRawResult/setRawResult) that waits on price futures in its leaves. */
public class QuoteTotal {

    static final int THRESHOLD = 250;

    static final class TotalTask extends ForkJoinTask<Long> {
        private final int[] skus;
        private final int[] quantities;
        private final int from;
        private final int to;
        private long total;

        TotalTask(int[] skus, int[] quantities, int from, int to) {
            this.skus = skus;
            this.quantities = quantities;
            this.from = from;
            this.to = to;
        }

        @Override
        public Long getRawResult() {
            return total;
        }

        @Override
        protected void setRawResult(Long value) {
            total = value;
        }

        @Override
        protected boolean exec() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += PriceBook.price(skus[i]) * quantities[i];
                }
                total = sum;
                return true;
            }
            int mid = (from + to) >>> 1;
            TotalTask left = new TotalTask(skus, quantities, from, mid);
            TotalTask right = new TotalTask(skus, quantities, mid, to);
            left.fork();
            long rightTotal = right.invoke();
            total = left.join() + rightTotal;
            return true;
        }
    }

    public static void main(String[] args) {
        PriceBook.load(64);
        int[] skus = new int[2_000];
        int[] quantities = new int[skus.length];
        for (int i = 0; i < skus.length; i++) {
            skus[i] = (i * 13) % 64;
            quantities[i] = 1 + i % 5;
        }
        long total = ForkJoinPool.commonPool().invoke(new TotalTask(skus, quantities, 0, skus.length));
        System.out.println("checksum=" + total);
    }
}
