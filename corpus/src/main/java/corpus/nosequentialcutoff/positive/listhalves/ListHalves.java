package corpus.nosequentialcutoff.positive.listhalves;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts words by halving a list of words until one word is left. */
public class ListHalves {

    static class CountVowels extends RecursiveTask<Integer> {
        private final List<String> words;

        CountVowels(List<String> words) {
            this.words = words;
        }

        @Override
        protected Integer compute() {
            if (words.size() == 1) { // expect: no-sequential-cutoff
                return vowels(words.get(0));
            }
            int mid = words.size() / 2;
            CountVowels left = new CountVowels(words.subList(0, mid));
            left.fork();
            int right = new CountVowels(words.subList(mid, words.size())).compute();
            return left.join() + right;
        }

        private static int vowels(String word) {
            int count = 0;
            count += word.indexOf('a') >= 0 ? 1 : 0;
            count += word.indexOf('e') >= 0 ? 1 : 0;
            return count;
        }
    }

    public static void main(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            words.add(Integer.toString(i * 7919, 16));
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new CountVowels(words)));
    }
}
