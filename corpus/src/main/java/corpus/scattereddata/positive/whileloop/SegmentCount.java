package corpus.scattereddata.positive.whileloop;

import java.util.concurrent.RecursiveTask;

/** Top-level leaf task: counts the newlines of one text segment. */
public class SegmentCount extends RecursiveTask<Integer> {

    private final String text;
    private final int from;
    private final int to;

    public SegmentCount(String text, int from, int to) {
        this.text = text;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        int count = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '\n') {
                count++;
            }
        }
        return count;
    }
}
