package corpus.nosequentialcutoff.positive.helpersplit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.LongUnaryOperator;

/**
 * compute() only guards a helper that does the splitting, down to one call per task: the helper's base
 * case is the task's, and one call per leaf is no sequential cutoff.
 */
public class HelperSplit {

    static class Calls extends RecursiveTask<Long> {
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
            if (size == 1) { // expect: no-sequential-cutoff
                return calls.get(start).applyAsLong(start);
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
