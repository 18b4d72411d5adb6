package corpus.copyonfork.positive.wrappedslice;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A number type whose recursive task splits the number into halves with a helper that copies the digits
 * into a fresh array and wraps it in a new value (the shape of BigInteger's Toom-Cook slices).
 */
public final class Digits {
    private final int[] digits;

    Digits(int[] digits) {
        this.digits = digits;
    }

    Digits half(int which) {
        int size = digits.length / 2;
        int start = which == 0 ? 0 : size;
        int length = which == 0 ? size : digits.length - size;
        int[] part = new int[length];
        System.arraycopy(digits, start, part, 0, length);
        return new Digits(part);
    }

    static final class DigitSum extends RecursiveTask<Long> {
        private final Digits number;

        DigitSum(Digits number) {
            this.number = number;
        }

        @Override
        protected Long compute() {
            if (number.digits.length <= 16) {
                long sum = 0;
                for (int d : number.digits) {
                    sum += d;
                }
                return sum;
            }
            Digits low = number.half(0); // expect: copy-on-fork
            Digits high = number.half(1); // expect: copy-on-fork
            DigitSum left = new DigitSum(low);
            left.fork();
            return new DigitSum(high).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int[] digits = new int[4_096];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (i * 7) % 10;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new DigitSum(new Digits(digits))));
    }
}
