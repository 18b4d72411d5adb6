package corpus.copyonfork.negative.wrappedrange;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of wrappedslice: the helper wraps the same digits with a range in a new value, so the halves
 * share the one array; the only fresh array is the scratch buffer the helper fills and keeps to itself.
 */
public final class Digits {
    private final int[] digits;
    private final int from;
    private final int to;

    Digits(int[] digits, int from, int to) {
        this.digits = digits;
        this.from = from;
        this.to = to;
    }

    Digits half(int which) {
        int mid = (from + to) >>> 1;
        int[] scratch = new int[2];
        System.arraycopy(digits, from, scratch, 0, Math.min(2, to - from));
        return which == 0 ? new Digits(digits, from, mid) : new Digits(digits, mid, to);
    }

    static final class DigitSum extends RecursiveTask<Long> {
        private final Digits number;

        DigitSum(Digits number) {
            this.number = number;
        }

        @Override
        protected Long compute() {
            if (number.to - number.from <= 16) {
                long sum = 0;
                for (int i = number.from; i < number.to; i++) {
                    sum += number.digits[i];
                }
                return sum;
            }
            DigitSum left = new DigitSum(number.half(0));
            left.fork();
            return new DigitSum(number.half(1)).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] digits = new int[4_096];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (i * 7) % 10;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new DigitSum(new Digits(digits, 0, digits.length))));
    }
}
