package corpus.copyonjoin.positive.arrayconcat;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/** Top-level task: keeps the even values of a range, concatenating both halves into a fresh array. */
public class EvenFilterTask extends RecursiveTask<int[]> {

    static final int THRESHOLD = 1_000;

    private final int[] values;
    private final int from;
    private final int to;

    public EvenFilterTask(int[] values, int from, int to) {
        this.values = values;
        this.from = from;
        this.to = to;
    }

    @Override
    protected int[] compute() {
        if (to - from <= THRESHOLD) {
            int count = 0;
            int[] kept = new int[to - from];
            for (int i = from; i < to; i++) {
                if (values[i] % 2 == 0) {
                    kept[count++] = values[i];
                }
            }
            return Arrays.copyOf(kept, count);
        }
        int mid = (from + to) >>> 1;
        EvenFilterTask left = new EvenFilterTask(values, from, mid);
        EvenFilterTask right = new EvenFilterTask(values, mid, to);
        left.fork();
        int[] rightPart = right.compute();
        int[] leftPart = left.join();
        int[] joined = new int[leftPart.length + rightPart.length];
        System.arraycopy(leftPart, 0, joined, 0, leftPart.length); // expect: copy-on-join
        System.arraycopy(rightPart, 0, joined, leftPart.length, rightPart.length); // expect: copy-on-join
        return joined;
    }
}
