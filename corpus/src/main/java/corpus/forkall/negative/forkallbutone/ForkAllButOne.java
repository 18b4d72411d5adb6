package corpus.forkall.negative.forkallbutone;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Forks two of three parts and computes the third itself before joining: the worker never only waits. */
public class ForkAllButOne {

    static class Min extends RecursiveTask<Integer> {
        private final int[] values;
        private final int from;
        private final int to;

        Min(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 2_000) {
                int min = Integer.MAX_VALUE;
                for (int i = from; i < to; i++) {
                    min = Math.min(min, values[i]);
                }
                return min;
            }
            int third = (to - from) / 3;
            Min a = new Min(values, from, from + third);
            Min b = new Min(values, from + third, from + 2 * third);
            a.fork();
            b.fork();
            int own = new Min(values, from + 2 * third, to).compute();
            return Math.min(own, Math.min(b.join(), a.join()));
        }
    }

    public static void main(String[] args) {
        int[] values = new int[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7919 + 13) % 100_003;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Min(values, 0, values.length)));
    }
}
