package corpus.joinorder.negative.sequentialphases;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Two phases: the second phase's subtask needs the first phase's result, so it is forked only after that join.
 * Each join takes the one task pending, joined in fork order because the order is required.
 */
public class SequentialPhases {

    static class Scaled extends RecursiveTask<Long> {
        private final int[] values;
        private final long factor;
        private final int from;
        private final int to;

        Scaled(int[] values, long factor, int from, int to) {
            this.values = values;
            this.factor = factor;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 4_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += values[i] * factor % 1_000;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Scaled head = new Scaled(values, factor, from, mid);
            head.fork();
            long probe = new Scaled(values, 1, mid, Math.min(to, mid + 10)).compute();
            long fromHead = head.join();
            Scaled tail = new Scaled(values, factor + fromHead % 3, mid, to);
            tail.fork();
            long check = probe % 7;
            return fromHead + tail.join() + check;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 97;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Scaled(values, 3, 0, values.length)));
    }
}
