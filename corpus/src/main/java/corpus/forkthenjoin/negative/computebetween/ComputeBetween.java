package corpus.forkthenjoin.negative.computebetween;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The textbook shape: fork one half, compute the other here, then join; the fork buys parallelism. */
public class ComputeBetween {

    static class Longest extends RecursiveTask<Integer> {
        private final String[] words;
        private final int from;
        private final int to;

        Longest(String[] words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 100) {
                int longest = 0;
                for (int i = from; i < to; i++) {
                    longest = Math.max(longest, words[i].length());
                }
                return longest;
            }
            int mid = (from + to) >>> 1;
            Longest left = new Longest(words, from, mid);
            left.fork();
            int right = new Longest(words, mid, to).compute();
            return Math.max(left.join(), right);
        }
    }

    public static void main(String[] args) {
        String[] words = new String[5_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = "w" + (i * 7919 % 100_003);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Longest(words, 0, words.length)));
    }
}
