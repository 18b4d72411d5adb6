package corpus.scattereddata.negative.invokeallafter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The fixed scattered-data shape: the loop only builds the subtask list, one invokeAll forks them. */
public class InvokeAllAfter {

    static final int CHUNKS = 8;

    static class WeightedSum extends RecursiveTask<Long> {
        private final int[] data;

        WeightedSum(int[] data) {
            this.data = data;
        }

        @Override
        protected Long compute() {
            int size = (data.length + CHUNKS - 1) / CHUNKS;
            List<ChunkSum> tasks = new ArrayList<>();
            for (int c = 0; c < CHUNKS; c++) {
                int from = c * size;
                tasks.add(new ChunkSum(data, 1 + c % 3, from, Math.min(from + size, data.length)));
            }
            invokeAll(tasks);
            long total = 0;
            for (ChunkSum task : tasks) {
                total += task.join();
            }
            return total;
        }
    }

    static class ChunkSum extends RecursiveTask<Long> {
        private final int[] data;
        private final int weight;
        private final int from;
        private final int to;

        ChunkSum(int[] data, int weight, int from, int to) {
            this.data = data;
            this.weight = weight;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += (long) data[i] * weight;
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[40_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31) % 257;
        }
        long sum = ForkJoinPool.commonPool().invoke(new WeightedSum(data));
        System.out.println("checksum=" + sum);
    }
}
