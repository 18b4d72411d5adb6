package corpus.scattereddata.negative.preforked;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The subtasks are all created before the fork loop; the loop itself only forks, so nothing is interleaved. */
public class PreForked {

    static final int PARTS = 6;

    static class DigitSum extends RecursiveTask<Long> {
        private final long[] numbers;

        DigitSum(long[] numbers) {
            this.numbers = numbers;
        }

        @Override
        protected Long compute() {
            List<PartDigits> parts = createParts();
            for (PartDigits part : parts) { // expect: fork-all
                part.fork();
            }
            long total = 0;
            for (PartDigits part : parts) {
                total += part.join(); // expect: join-order
            }
            return total;
        }

        private List<PartDigits> createParts() {
            List<PartDigits> parts = new ArrayList<>(PARTS);
            int step = (numbers.length + PARTS - 1) / PARTS;
            for (int lo = 0; lo < numbers.length; lo += step) {
                parts.add(new PartDigits(numbers, lo, Math.min(lo + step, numbers.length)));
            }
            return parts;
        }
    }

    static class PartDigits extends RecursiveTask<Long> {
        private final long[] numbers;
        private final int from;
        private final int to;

        PartDigits(long[] numbers, int from, int to) {
            this.numbers = numbers;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                for (long n = numbers[i]; n > 0; n /= 10) {
                    sum += n % 10;
                }
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        long[] numbers = new long[30_000];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = (long) i * i + 12_345L;
        }
        long total = ForkJoinPool.commonPool().invoke(new DigitSum(numbers));
        System.out.println("checksum=" + total);
    }
}
