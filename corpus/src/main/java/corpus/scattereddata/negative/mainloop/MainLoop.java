package corpus.scattereddata.negative.mainloop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** The create-and-fork loop is in main(), which is not task code; the tasks themselves split in halves. */
public class MainLoop {

    static final int THRESHOLD = 1_000;

    static class SquareSum extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        SquareSum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int n = from; n < to; n++) {
                    sum += (long) n * n % 1_000_003;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            SquareSum left = new SquareSum(from, mid);
            left.fork();
            long right = new SquareSum(mid, to).compute();
            return right + left.join();
        }
    }

    public static void main(String[] args) {
        List<SquareSum> batches = new ArrayList<>();
        for (int b = 0; b < 5; b++) {
            SquareSum batch = new SquareSum(b * 10_000, (b + 1) * 10_000);
            batch.fork();
            batches.add(batch);
        }
        long total = 0;
        for (SquareSum batch : batches) {
            total += batch.join();
        }
        System.out.println("checksum=" + total);
    }
}
