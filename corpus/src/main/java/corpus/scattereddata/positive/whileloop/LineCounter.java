package corpus.scattereddata.positive.whileloop;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.RecursiveTask;

/** Top-level task: a while loop walks the text segment by segment, creating and forking a counter for each. */
public class LineCounter extends RecursiveTask<Integer> {

    private final String text;
    private final int segment;

    public LineCounter(String text, int segment) {
        this.text = text;
        this.segment = segment;
    }

    @Override
    protected Integer compute() {
        Deque<SegmentCount> pending = new ArrayDeque<>();
        int lo = 0;
        while (lo < text.length()) {
            int hi = Math.min(lo + segment, text.length());
            SegmentCount counter = new SegmentCount(text, lo, hi);
            counter.fork(); // expect: fork-all
            pending.push(counter);
            lo = hi;
        }
        int lines = 0;
        while (!pending.isEmpty()) {
            lines += pending.pop().join();
        }
        return lines;
    }
}
