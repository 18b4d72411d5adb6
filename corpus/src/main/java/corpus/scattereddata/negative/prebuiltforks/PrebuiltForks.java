package corpus.scattereddata.negative.prebuiltforks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Every subtask is prepared first; the loop only forks them: the data is not scattered among the forks. */
public class PrebuiltForks {

    static class Sum extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 2_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += i % 7;
                }
                return sum;
            }
            int step = (to - from + 3) / 4;
            List<Sum> parts = new ArrayList<>();
            for (int start = from; start < to; start += step) {
                parts.add(new Sum(start, Math.min(to, start + step)));
            }
            for (Sum part : parts) { // expect: fork-all
                part.fork();
            }
            long sum = 0;
            for (Sum part : parts) {
                sum += part.join(); // expect: join-order
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Sum(0, 100_000)));
    }
}
