package corpus.unboundedeureka.positive.backportflag;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** The jsr166y backport: a search for an empty word sets a static flag and keeps going. */
public class BackportFlag {

    static volatile boolean found;

    static class HasEmpty extends RecursiveTask<Boolean> {
        private final String[] words;
        private final int lo;
        private final int hi;

        HasEmpty(String[] words, int lo, int hi) {
            this.words = words;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Boolean compute() {
            if (hi - lo <= 500) {
                for (int i = lo; i < hi; i++) {
                    if (words[i].isEmpty()) {
                        found = true; // expect: unbounded-eureka
                    }
                }
                return false;
            }
            int mid = (lo + hi) >>> 1;
            HasEmpty left = new HasEmpty(words, lo, mid);
            left.fork();
            boolean right = new HasEmpty(words, mid, hi).compute();
            return left.join() || right;
        }
    }

    public static void main(String[] args) {
        String[] words = new String[20_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = i == 12_345 ? "" : Integer.toString(i, 36);
        }
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(new HasEmpty(words, 0, words.length));
        pool.shutdown();
        System.out.println("checksum=" + found);
    }
}
