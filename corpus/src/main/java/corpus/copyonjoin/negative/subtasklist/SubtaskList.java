package corpus.copyonjoin.negative.subtasklist;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** addAll(List.of(t1, t2)) collects subtasks (not their results) before invokeAll: nothing is copied. */
public class SubtaskList {

    static final int THRESHOLD = 1_000;

    static class SumOfSquares extends RecursiveTask<Long> {
        private final int[] data;
        private final int from;
        private final int to;

        SumOfSquares(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) data[i] * data[i];
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            List<SumOfSquares> tasks = new ArrayList<>();
            tasks.addAll(List.of(new SumOfSquares(data, from, mid), new SumOfSquares(data, mid, to)));
            ForkJoinTask.invokeAll(tasks);
            long total = 0;
            for (SumOfSquares task : tasks) {
                total += task.join();
            }
            return total;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 17) % 101 - 50;
        }
        long sum = ForkJoinPool.commonPool().invoke(new SumOfSquares(data, 0, data.length));
        System.out.println("checksum=" + sum);
    }
}
