package corpus.copyonjoin.positive.streamconcat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Normalizes long words per range and merges the joined halves with Stream.concat(..).collect(..). */
public class StreamConcat {

    static final int THRESHOLD = 400;

    static class NormalizeTask extends RecursiveTask<List<String>> {
        private final List<String> words;
        private final int from;
        private final int to;

        NormalizeTask(List<String> words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<String> compute() {
            if (to - from <= THRESHOLD) {
                List<String> out = new ArrayList<>();
                for (int i = from; i < to; i++) {
                    String word = words.get(i);
                    if (word.length() > 4) {
                        out.add(word.toUpperCase(Locale.ROOT));
                    }
                }
                return out;
            }
            int mid = (from + to) >>> 1;
            NormalizeTask left = new NormalizeTask(words, from, mid);
            NormalizeTask right = new NormalizeTask(words, mid, to);
            left.fork();
            List<String> rightWords = right.compute();
            return Stream.concat(left.join().stream(), rightWords.stream()) // expect: copy-on-join
                    .collect(Collectors.toList());
        }
    }

    public static void main(String[] args) {
        String[] stems = {"map", "reduce", "stream", "split", "collect", "fork", "merge"};
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            words.add(stems[i % stems.length] + (i % 3 == 0 ? "ed" : ""));
        }
        List<String> result = ForkJoinPool.commonPool().invoke(new NormalizeTask(words, 0, words.size()));
        System.out.println("checksum=" + result.size() + ":" + result.hashCode());
    }
}
