package corpus.sleepyworker.positive.throttlebench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * Workload: counts the words of generated documents and throttles every leaf with a 1 ms sleep, which
 * idles the worker. Arguments: number of documents (default small).
 */
public class ThrottleBench {

    static final int THRESHOLD = 16;

    static class CountWords extends RecursiveAction {
        private final List<String> documents;
        private final int[] wordCounts;
        private final int from;
        private final int to;

        CountWords(List<String> documents, int[] wordCounts, int from, int to) {
            this.documents = documents;
            this.wordCounts = wordCounts;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    wordCounts[i] = countWords(documents.get(i));
                }
                try {
                    TimeUnit.MILLISECONDS.sleep(1); // expect: sleepy-worker
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            int mid = (from + to) >>> 1;
            CountWords left = new CountWords(documents, wordCounts, from, mid);
            CountWords right = new CountWords(documents, wordCounts, mid, to);
            left.fork();
            right.compute();
            left.join();
        }

        static int countWords(String text) {
            int words = 0;
            boolean inWord = false;
            for (int i = 0; i < text.length(); i++) {
                boolean letter = Character.isLetterOrDigit(text.charAt(i));
                if (letter && !inWord) {
                    words++;
                }
                inWord = letter;
            }
            return words;
        }
    }

    // measure: 16000
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            documents.add("doc " + i + " has " + "word ".repeat(i % 11) + "end");
        }
        int[] counts = new int[documents.size()];
        ForkJoinPool.commonPool().invoke(new CountWords(documents, counts, 0, documents.size()));
        long checksum = 0;
        for (int count : counts) {
            checksum = checksum * 7 + count;
        }
        System.out.println("checksum=" + checksum);
    }
}
