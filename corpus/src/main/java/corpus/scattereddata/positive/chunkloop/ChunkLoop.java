package corpus.scattereddata.positive.chunkloop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A for loop over chunks prepares each chunk's weights, creates and forks its subtask, then a join loop. */
public class ChunkLoop {

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
            for (int c = 0; c < CHUNKS; c++) { // expect: scattered-data
                int from = c * size;
                int to = Math.min(from + size, data.length);
                int[] weights = new int[to - from];
                for (int i = 0; i < weights.length; i++) {
                    weights[i] = 1 + (c + i) % 3;
                }
                ChunkSum task = new ChunkSum(data, weights, from, to);
                task.fork(); // expect: fork-all
                tasks.add(task);
            }
            long total = 0;
            for (ChunkSum task : tasks) {
                total += task.join(); // expect: join-order
            }
            return total;
        }
    }

    static class ChunkSum extends RecursiveTask<Long> {
        private final int[] data;
        private final int[] weights;
        private final int from;
        private final int to;

        ChunkSum(int[] data, int[] weights, int from, int to) {
            this.data = data;
            this.weights = weights;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += (long) data[i] * weights[i - from];
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
