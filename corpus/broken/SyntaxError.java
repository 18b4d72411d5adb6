package broken;

import java.util.concurrent.RecursiveTask;

/**
 * A sum task caught in the middle of an edit: the condition of the if in compute() lost its
 * closing parenthesis, and the method lost its closing brace.
 */
public class SyntaxError extends RecursiveTask<Long> {

    static final int THRESHOLD = 1_000;

    private final long[] data;
    private final int from;
    private final int to;

    SyntaxError(long[] data, int from, int to) {
        this.data = data;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        if (to - from <= THRESHOLD {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += data[i];
            }
            return sum;
        }
        int mid = (from + to) >>> 1;
        SyntaxError left = new SyntaxError(data, from, mid);
        left.fork();
        return new SyntaxError(data, mid, to).compute() + left.join();

}
