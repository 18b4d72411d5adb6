package corpus.sleepyworker.negative.unusedspin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Task code calls Lookup.weight(); Lookup's onSpinWait loop is only used by main() before the pool starts. */
public class WarmTable {

    static final int THRESHOLD = 1_500;

    static class WeightTask extends RecursiveTask<Long> {
        private final int[] keys;
        private final int from;
        private final int to;

        WeightTask(int[] keys, int from, int to) {
            this.keys = keys;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += Lookup.weight(keys[i]);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            WeightTask left = new WeightTask(keys, from, mid);
            WeightTask right = new WeightTask(keys, mid, to);
            left.fork();
            long rightSum = right.compute();
            return left.join() + rightSum;
        }
    }

    public static void main(String[] args) {
        Thread warmer = new Thread(Lookup::fill);
        warmer.start();
        Lookup.awaitFilled();
        int[] keys = new int[6_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (i * 211) % 1_024;
        }
        long sum = ForkJoinPool.commonPool().invoke(new WeightTask(keys, 0, keys.length));
        System.out.println("checksum=" + sum);
    }
}
