package corpus.copyonjoin.positive.backportmerge;

import java.util.ArrayList;
import java.util.List;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** Collects the multiples of 7 in a range on the backport, copying both children's lists at every level. */
public class BackportMerge {

    static final int THRESHOLD = 500;

    static class Multiples extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        Multiples(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            if (to - from <= THRESHOLD) {
                List<Integer> found = new ArrayList<Integer>();
                for (int i = from; i < to; i++) {
                    if (i % 7 == 0) {
                        found.add(i);
                    }
                }
                return found;
            }
            int mid = (from + to) >>> 1;
            Multiples left = new Multiples(from, mid);
            Multiples right = new Multiples(mid, to);
            left.fork();
            right.fork(); // expect: fork-all
            List<Integer> all = new ArrayList<Integer>();
            all.addAll(left.join()); // expect: copy-on-join, join-order
            all.addAll(right.join()); // expect: copy-on-join
            return all;
        }
    }

    public static void main(String[] args) {
        List<Integer> found = new ForkJoinPool().invoke(new Multiples(0, 50_000));
        long checksum = 0;
        for (int value : found) {
            checksum = checksum * 31 + value;
        }
        System.out.println("checksum=" + checksum);
    }
}
