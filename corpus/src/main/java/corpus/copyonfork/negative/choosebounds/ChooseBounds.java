package corpus.copyonfork.negative.choosebounds;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The near miss of a chosen copy: the condition picks index bounds, and the subtasks share the array. */
public class ChooseBounds {

    static final int THRESHOLD = 500;

    static final class Max extends RecursiveTask<Integer> {
        private final int[] data;
        private final int from;
        private final int to;

        Max(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= THRESHOLD) {
                int max = Integer.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    max = Math.max(max, data[i]);
                }
                return max;
            }
            int mid = (from + to) >>> 1;
            boolean lowFirst = data[from] <= data[to - 1];
            Max first = new Max(data, lowFirst ? from : mid, lowFirst ? mid : to);
            Max second = new Max(lowFirst ? data : data, lowFirst ? mid : from, lowFirst ? to : mid);
            first.fork();
            return Math.max(second.compute(), first.join());
        }
    }

    public static void main(String[] args) {
        int[] data = new int[20_011];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7919) % 10_007;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Max(data, 0, data.length)));
    }
}
