package corpus.joinorder.positive.threeway;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts vowels in thirds: two thirds forked, the last computed here, then the forks joined oldest first. */
public class ThreeWay {

    static class Vowels extends RecursiveTask<Integer> {
        private final char[] text;
        private final int from;
        private final int to;

        Vowels(char[] text, int from, int to) {
            this.text = text;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 3_000) {
                int count = 0;
                for (int i = from; i < to; i++) {
                    count += "aeiou".indexOf(text[i]) >= 0 ? 1 : 0;
                }
                return count;
            }
            int third = (to - from) / 3;
            Vowels first = new Vowels(text, from, from + third);
            Vowels second = new Vowels(text, from + third, from + 2 * third);
            first.fork();
            second.fork();
            int own = new Vowels(text, from + 2 * third, to).compute();
            int fromFirst = first.join(); // expect: join-order
            int fromSecond = second.join();
            return own + fromFirst + fromSecond;
        }
    }

    public static void main(String[] args) {
        char[] text = new char[60_000];
        for (int i = 0; i < text.length; i++) {
            text[i] = (char) ('a' + (i * 7) % 26);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Vowels(text, 0, text.length)));
    }
}
