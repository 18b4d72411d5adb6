package corpus.intratasksync.positive.queuesink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A RecursiveAction lints lines of a list and posts warnings into a BlockingQueue owned by another class. */
public class QueueSink {

    static final int THRESHOLD = 100;
    static final int MAX_LENGTH = 60;

    static class LintLines extends RecursiveAction {
        private final List<String> lines;
        private final int from;
        private final int to;

        LintLines(List<String> lines, int from, int to) {
            this.lines = lines;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                for (int i = from; i < to; i++) {
                    String line = lines.get(i);
                    if (line.length() > MAX_LENGTH) {
                        Outbox.post(i + 1, line.length() - MAX_LENGTH);
                    }
                }
                return;
            }
            int mid = (from + to) >>> 1;
            LintLines head = new LintLines(lines, from, mid);
            LintLines tail = new LintLines(lines, mid, to);
            head.fork();
            tail.compute();
            head.join();
        }
    }

    public static void main(String[] args) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            lines.add("x".repeat((i * 17) % 80));
        }
        ForkJoinPool.commonPool().invoke(new LintLines(lines, 0, lines.size()));
        long checksum = 0;
        for (String warning : Outbox.drain()) {
            checksum += warning.hashCode();
        }
        System.out.println("checksum=" + checksum);
    }
}
