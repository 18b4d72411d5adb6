package corpus.scattereddata.positive.chunkloopbench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: a loop prepares each chunk's weights, creates and forks its subtask one at a time, then a
 * join loop sums the results. Arguments: array length (default small) and rounds.
 */
public class ChunkLoopBench {

    static final int CHUNK = 2_048;

    static class WeightedSum extends RecursiveTask<Long> {
        private final int[] data;

        WeightedSum(int[] data) {
            this.data = data;
        }

        @Override
        protected Long compute() {
            int chunks = (data.length + CHUNK - 1) / CHUNK;
            List<ChunkSum> tasks = new ArrayList<>();
            for (int c = 0; c < chunks; c++) { // expect: scattered-data
                int from = c * CHUNK;
                int to = Math.min(from + CHUNK, data.length);
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
                sum += (long) data[i] * data[i] % 1_013 * weights[i - from];
            }
            return sum;
        }
    }

    // measure: 4000000 10
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int[] data = new int[size];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31) % 257;
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            checksum = checksum * 31 + ForkJoinPool.commonPool().invoke(new WeightedSum(data));
        }
        System.out.println("checksum=" + checksum);
    }
}
