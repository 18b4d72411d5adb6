package corpus.scattereddata.positive.taskfactory;

import java.util.concurrent.RecursiveTask;

/** Top-level leaf task: counts the local peaks of the readings inside its index range. */
public class RangePeaks extends RecursiveTask<Long> {

    private final int[] readings;
    private final int from;
    private final int to;

    RangePeaks(int[] readings, int from, int to) {
        this.readings = readings;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        long peaks = 0;
        for (int i = Math.max(from, 1); i < Math.min(to, readings.length - 1); i++) {
            if (readings[i] > readings[i - 1] && readings[i] > readings[i + 1]) {
                peaks++;
            }
        }
        return peaks;
    }
}
