package corpus.copyonfork.positive.factoryslice;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Subtasks come from a factory method; the slices handed to it are copies (the shape of BigInteger's Toom-Cook tasks). */
public class FactorySlice {

    static class Norm extends RecursiveTask<Long> {
        private final int[] digits;

        Norm(int[] digits) {
            this.digits = digits;
        }

        static Norm of(int[] digits) {
            return new Norm(digits);
        }

        @Override
        protected Long compute() {
            if (digits.length <= 256) {
                long sum = 0;
                for (int digit : digits) {
                    sum += (long) digit * digit;
                }
                return sum;
            }
            int third = digits.length / 3;
            Norm low = of(Arrays.copyOfRange(digits, 0, third)); // expect: copy-on-fork
            low.fork();
            long rest = of(Arrays.copyOfRange(digits, third, digits.length)).compute(); // expect: copy-on-fork
            return rest + low.join();
        }
    }

    public static void main(String[] args) {
        int[] digits = new int[30_000];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (i * 7) % 10;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Norm(digits)));
    }
}
