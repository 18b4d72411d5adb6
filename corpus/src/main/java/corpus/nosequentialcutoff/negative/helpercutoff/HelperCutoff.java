package corpus.nosequentialcutoff.negative.helpercutoff;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.LongUnaryOperator;

/**
 * compute() only guards a helper that does the splitting, and the helper stops at a named threshold and
 * loops over the calls below it: a real sequential cutoff.
 */
public class HelperCutoff {

    static class Calls extends RecursiveTask<Long> {
        private static final int THRESHOLD = 64;

        private final List<LongUnaryOperator> calls;
        private final int start;
        private final int end;

        Calls(List<LongUnaryOperator> calls, int start, int end) {
            this.calls = calls;
            this.start = start;
            this.end = end;
        }

        @Override
        protected Long compute() {
            try {
                return computeValue();
            } catch (ArithmeticException e) {
                completeExceptionally(e);
                return 0L;
            }
        }

        private long computeValue() {
            final int size = end - start;
            if (size <= THRESHOLD) {
                long sum = 0;
                for (int i = start; i < end; i++) {
                    sum += calls.get(i).applyAsLong(i);
                }
                return sum;
            }
            final int middle = start + size / 2;
            final Calls second = new Calls(calls, middle, end);
            second.fork();
            final Calls first = new Calls(calls, start, middle);
            return first.invoke() + second.join();
        }
    }

    public static void main(String[] args) {
        List<LongUnaryOperator> calls = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            final long factor = i % 7;
            calls.add(x -> x * factor + 1);
        }
        long checksum = ForkJoinPool.commonPool().invoke(new Calls(calls, 0, calls.size()));
        System.out.println("checksum=" + checksum);
    }
}
