package corpus.intratasksync.positive.queuesink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** Collects lint warnings in a bounded queue that a reporter drains later. */
public final class Outbox {

    private static final BlockingQueue<String> WARNINGS = new LinkedBlockingQueue<>(10_000);

    private Outbox() {
    }

    static void post(int lineNumber, int overBy) {
        enqueue("line " + lineNumber + " is " + overBy + " characters too long");
    }

    private static void enqueue(String warning) {
        try {
            WARNINGS.put(warning); // expect: intra-task-sync
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static List<String> drain() {
        List<String> out = new ArrayList<>();
        WARNINGS.drainTo(out);
        return out;
    }
}
