package corpus.copyonjoin.positive.wordcount;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts words per index range; the parent copies the left counts with putAll, then merges the right. */
public class WordCount {

    static final int THRESHOLD = 500;

    static class CountTask extends RecursiveTask<Map<String, Integer>> {
        private final String[] words;
        private final int from;
        private final int to;

        CountTask(String[] words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Map<String, Integer> compute() {
            if (to - from <= THRESHOLD) {
                Map<String, Integer> counts = new HashMap<>();
                for (int i = from; i < to; i++) {
                    counts.merge(words[i], 1, Integer::sum);
                }
                return counts;
            }
            int mid = (from + to) >>> 1;
            CountTask left = new CountTask(words, from, mid);
            CountTask right = new CountTask(words, mid, to);
            left.fork();
            Map<String, Integer> rightCounts = right.compute();
            Map<String, Integer> merged = new HashMap<>();
            merged.putAll(left.join()); // expect: copy-on-join
            for (Map.Entry<String, Integer> entry : rightCounts.entrySet()) {
                merged.merge(entry.getKey(), entry.getValue(), Integer::sum);
            }
            return merged;
        }
    }

    public static void main(String[] args) {
        String[] vocabulary = {"fork", "join", "task", "pool", "steal", "deque", "worker", "split"};
        String[] words = new String[20_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = vocabulary[(i * 7 + i / 13) % vocabulary.length];
        }
        Map<String, Integer> counts = ForkJoinPool.commonPool().invoke(new CountTask(words, 0, words.length));
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, Integer> entry : new TreeMap<>(counts).entrySet()) {
            line.append(entry.getKey()).append('=').append(entry.getValue()).append(';');
        }
        System.out.println("checksum=" + line.toString().hashCode());
    }
}
