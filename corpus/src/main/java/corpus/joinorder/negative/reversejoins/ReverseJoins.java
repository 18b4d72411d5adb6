package corpus.joinorder.negative.reversejoins;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Forks two parts, computes the third, and joins the last fork first: the order the javadoc recommends. */
public class ReverseJoins {

    static class Even extends RecursiveTask<Integer> {
        private final int[] values;
        private final int from;
        private final int to;

        Even(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 2_000) {
                int count = 0;
                for (int i = from; i < to; i++) {
                    count += values[i] % 2 == 0 ? 1 : 0;
                }
                return count;
            }
            int third = (to - from) / 3;
            Even first = new Even(values, from, from + third);
            Even second = new Even(values, from + third, from + 2 * third);
            first.fork();
            second.fork();
            int own = new Even(values, from + 2 * third, to).compute();
            int fromSecond = second.join();
            int fromFirst = first.join();
            return own + fromSecond + fromFirst;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[25_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 13 % 101;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Even(values, 0, values.length)));
    }
}
