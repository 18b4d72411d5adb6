package corpus.forkall.positive.foreachforks;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Splits a range into four subtasks, forks them all with {@code forEach(ForkJoinTask::fork)} and joins them in
 * the same order with {@code stream().mapToLong(ForkJoinTask::join)}: a fork loop and a join loop in fork order.
 */
public class ForEachForks {

    static final int PARTS = 4;

    static class Squares extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Squares(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 5_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) i * i % 1_000;
                }
                return sum;
            }
            int step = (to - from + PARTS - 1) / PARTS;
            List<Squares> parts = IntStream.range(0, PARTS)
                    .mapToObj(p -> new Squares(Math.min(to, from + p * step), Math.min(to, from + (p + 1) * step)))
                    .collect(Collectors.toList());
            parts.forEach(ForkJoinTask::fork); // expect: fork-all
            return parts.stream().mapToLong(ForkJoinTask::join).sum(); // expect: join-order
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Squares(0, 100_000)));
    }
}
