package corpus.forkall.negative.invokeallpair;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** invokeAll(left, right) forks one half and runs the other in place; the joins then only read results. */
public class InvokeAllPair {

    static class Hash extends RecursiveTask<Long> {
        private final String[] words;
        private final int from;
        private final int to;

        Hash(String[] words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 200) {
                long hash = 0;
                for (int i = from; i < to; i++) {
                    hash += words[i].hashCode();
                }
                return hash;
            }
            int mid = (from + to) >>> 1;
            Hash left = new Hash(words, from, mid);
            Hash right = new Hash(words, mid, to);
            invokeAll(left, right);
            return left.join() + right.join();
        }
    }

    public static void main(String[] args) {
        String[] words = new String[10_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = "word" + i % 977;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Hash(words, 0, words.length)));
    }
}
