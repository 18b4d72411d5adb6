package corpus.intratasksync.positive.scratchlists;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaves borrow a scratch list from a bounded queue with take() and hand it back with put(), blocking their worker. */
public class ScratchLists {

    static final int THRESHOLD = 500;
    static final BlockingQueue<List<Integer>> SCRATCH = new ArrayBlockingQueue<>(2);

    static class DigitTotal extends RecursiveTask<Long> {
        private final int[] numbers;
        private final int from;
        private final int to;

        DigitTotal(int[] numbers, int from, int to) {
            this.numbers = numbers;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                try {
                    List<Integer> digits = SCRATCH.take(); // expect: intra-task-sync
                    long total = total(digits);
                    SCRATCH.put(digits); // expect: intra-task-sync
                    return total;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            int mid = (from + to) >>> 1;
            DigitTotal left = new DigitTotal(numbers, from, mid);
            DigitTotal right = new DigitTotal(numbers, mid, to);
            left.fork();
            long rightTotal = right.compute();
            return left.join() + rightTotal;
        }

        private long total(List<Integer> digits) {
            long total = 0;
            for (int i = from; i < to; i++) {
                digits.clear();
                for (int n = numbers[i]; n > 0; n /= 10) {
                    digits.add(n % 10);
                }
                for (int d = 0; d < digits.size(); d++) {
                    total += (d + 1L) * digits.get(d);
                }
            }
            return total;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        SCRATCH.put(new ArrayList<>());
        SCRATCH.put(new ArrayList<>());
        int[] numbers = new int[6_000];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = (i * 7_919) % 100_003;
        }
        long total = ForkJoinPool.commonPool().invoke(new DigitTotal(numbers, 0, numbers.length));
        System.out.println("checksum=" + total);
    }
}
