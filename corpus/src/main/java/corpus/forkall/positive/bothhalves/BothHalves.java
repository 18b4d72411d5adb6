package corpus.forkall.positive.bothhalves;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts set bits; both halves are forked and the worker only adds their joins. */
public class BothHalves {

    static class Bits extends RecursiveTask<Long> {
        private final long[] words;
        private final int from;
        private final int to;

        Bits(long[] words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                long bits = 0;
                for (int i = from; i < to; i++) {
                    bits += Long.bitCount(words[i]);
                }
                return bits;
            }
            int mid = (from + to) >>> 1;
            Bits left = new Bits(words, from, mid);
            Bits right = new Bits(words, mid, to);
            left.fork();
            right.fork(); // expect: fork-all
            return left.join() + right.join(); // expect: join-order
        }
    }

    public static void main(String[] args) {
        long[] words = new long[50_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = i * 0x9E3779B97F4A7C15L;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Bits(words, 0, words.length)));
    }
}
