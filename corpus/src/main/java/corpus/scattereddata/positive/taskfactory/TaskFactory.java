package corpus.scattereddata.positive.taskfactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The loop gets each subtask from a factory helper in a plain file ({@link Partitioner}) and forks it. */
public class TaskFactory {

    static class PeakCount extends RecursiveTask<Long> {
        private final int[] readings;
        private final int parts;

        PeakCount(int[] readings, int parts) {
            this.readings = readings;
            this.parts = parts;
        }

        @Override
        protected Long compute() {
            List<RangePeaks> forked = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                RangePeaks slice = Partitioner.slice(readings, p, parts);
                slice.fork(); // expect: fork-all
                forked.add(slice);
            }
            long peaks = 0;
            for (RangePeaks slice : forked) {
                peaks += slice.join(); // expect: join-order
            }
            return peaks;
        }
    }

    public static void main(String[] args) {
        int[] readings = new int[50_000];
        for (int i = 0; i < readings.length; i++) {
            readings[i] = (i * 7_919) % 1_000 + (i % 50 == 25 ? 500 : 0);
        }
        long peaks = ForkJoinPool.commonPool().invoke(new PeakCount(readings, 7));
        System.out.println("checksum=" + peaks);
    }
}
