package corpus.sleepyworker.positive.throttledindexer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** Runs the throttled indexer over a small generated document list. */
public class ThrottledIndexer {

    public static void main(String[] args) {
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            documents.add("doc " + i + " has " + "word ".repeat(i % 11) + "end");
        }
        int[] counts = new int[documents.size()];
        ForkJoinPool.commonPool().invoke(new IndexDocuments(documents, counts, 0, documents.size()));
        long checksum = 0;
        for (int i = 0; i < counts.length; i++) {
            checksum = checksum * 7 + counts[i];
        }
        System.out.println("checksum=" + checksum);
    }
}
