package corpus.sleepyworker.positive.throttledindexer;

import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/** A top-level RecursiveAction that counts words per document and throttles each leaf with TimeUnit.sleep. */
public class IndexDocuments extends RecursiveAction {

    static final int THRESHOLD = 50;

    private final List<String> documents;
    private final int[] wordCounts;
    private final int from;
    private final int to;

    IndexDocuments(List<String> documents, int[] wordCounts, int from, int to) {
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
        IndexDocuments left = new IndexDocuments(documents, wordCounts, from, mid);
        IndexDocuments right = new IndexDocuments(documents, wordCounts, mid, to);
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
