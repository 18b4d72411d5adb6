package corpus.joinorder.positive.listcollect;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Collects per-range maxima; both ranges forked, the leaf computed here, and the results appended in fork
 * order: reversing the joins would reverse the list too, so its rewrite is only offered for review.
 */
public class ListCollect {

    static class Maxima extends RecursiveTask<List<Integer>> {
        private final int[] values;
        private final int from;
        private final int to;

        Maxima(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            List<Integer> maxima = new ArrayList<>();
            if (to - from <= 2_000) {
                int max = Integer.MIN_VALUE;
                for (int i = from; i < to; i++) {
                    max = Math.max(max, values[i]);
                }
                maxima.add(max);
                return maxima;
            }
            int third = (to - from) / 3;
            Maxima first = new Maxima(values, from, from + third);
            Maxima second = new Maxima(values, from + third, from + 2 * third);
            first.fork();
            second.fork();
            List<Integer> own = new Maxima(values, from + 2 * third, to).compute();
            maxima.addAll(first.join()); // expect: join-order, copy-on-join
            maxima.addAll(second.join()); // expect: copy-on-join
            maxima.addAll(own); // expect: copy-on-join
            return maxima;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7919) % 10_007;
        }
        List<Integer> maxima = ForkJoinPool.commonPool().invoke(new Maxima(values, 0, values.length));
        System.out.println("checksum=" + maxima.hashCode());
    }
}
