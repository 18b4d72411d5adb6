package corpus.intratasksync.negative.mainonlysync;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Task code uses a pure static helper of Ledger; Ledger's synchronized methods are only called from main. */
public class MainOnlySync {

    static final int THRESHOLD = 500;

    static class FeeTotal extends RecursiveTask<Long> {
        private final long[] amounts;
        private final int from;
        private final int to;

        FeeTotal(long[] amounts, int from, int to) {
            this.amounts = amounts;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long fees = 0;
                for (int i = from; i < to; i++) {
                    fees += Ledger.feeFor(amounts[i]);
                }
                return fees;
            }
            int mid = (from + to) >>> 1;
            FeeTotal left = new FeeTotal(amounts, from, mid);
            FeeTotal right = new FeeTotal(amounts, mid, to);
            left.fork();
            long rightFees = right.compute();
            return left.join() + rightFees;
        }
    }

    public static void main(String[] args) {
        long[] amounts = new long[4_000];
        for (int i = 0; i < amounts.length; i++) {
            amounts[i] = 1_000 + (i * 389L) % 50_000;
        }
        Ledger ledger = new Ledger();
        long fees = ForkJoinPool.commonPool().invoke(new FeeTotal(amounts, 0, amounts.length));
        ledger.post("fees", fees);
        ledger.post("count", amounts.length);
        System.out.println("checksum=" + ledger.balance());
    }
}
