package corpus.copyonfork.positive.streamslice;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Collectors;

/** A CountedCompleter whose children get slices of the word list collected from skip/limit streams. */
public class VowelTally {

    static final class Tally extends CountedCompleter<Long> {
        static final int THRESHOLD = 300;

        private final List<String> words;
        private Tally left;
        private Tally right;
        private long count;

        Tally(CountedCompleter<?> parent, List<String> words) {
            super(parent);
            this.words = words;
        }

        @Override
        public void compute() {
            int n = words.size();
            if (n > THRESHOLD) {
                int mid = n / 2;
                left = new Tally(this, words.stream().limit(mid).collect(Collectors.toList())); // expect: copy-on-fork
                right = new Tally(this, words.stream().skip(mid).collect(Collectors.toList())); // expect: copy-on-fork
                setPendingCount(1);
                left.fork();
                right.compute();
                return;
            }
            for (String word : words) {
                for (int i = 0; i < word.length(); i++) {
                    if ("aeiou".indexOf(word.charAt(i)) >= 0) {
                        count++;
                    }
                }
            }
            tryComplete();
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            if (left != null) {
                count = left.count + right.count;
            }
        }

        @Override
        public Long getRawResult() {
            return count;
        }
    }

    public static void main(String[] args) {
        String[] syllables = {"ka", "lo", "mi", "tru", "bes", "on", "grau", "pi"};
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 9_000; i++) {
            words.add(syllables[i % 8] + syllables[(i * 5) % 8] + syllables[(i * 3 + 1) % 8]);
        }
        long vowels = ForkJoinPool.commonPool().invoke(new Tally(null, words));
        System.out.println("checksum=" + vowels);
    }
}
