package corpus.forkthenjoin.negative.workbeforejoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The join comes right after the fork, but in an expression whose left operand does this task's share first. */
public class WorkBeforeJoin {

    static class Digits extends RecursiveTask<Long> {
        private final long[] numbers;
        private final int from;
        private final int to;

        Digits(long[] numbers, int from, int to) {
            this.numbers = numbers;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 500) {
                return digitSum(from, to);
            }
            int mid = (from + to) >>> 1;
            Digits upper = new Digits(numbers, mid, to);
            upper.fork();
            return new Digits(numbers, from, mid).compute() + upper.join();
        }

        private long digitSum(int lo, int hi) {
            long sum = 0;
            for (int i = lo; i < hi; i++) {
                for (long n = numbers[i]; n > 0; n /= 10) {
                    sum += n % 10;
                }
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        long[] numbers = new long[20_000];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = (long) i * i + 17;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Digits(numbers, 0, numbers.length)));
    }
}
