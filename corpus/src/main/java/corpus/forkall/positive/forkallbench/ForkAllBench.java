package corpus.forkall.positive.forkallbench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: a weighted sum split into four prepared parts at every level; a loop forks all four and the worker
 * then only joins them, so it forks one task more than it needs and waits for the deepest one first.
 * Arguments: array length (default small) and rounds.
 */
public class ForkAllBench {

    static final int LEAF = 512;
    static final int PARTS = 4;

    static class Weighted extends RecursiveTask<Long> {
        private final int[] data;
        private final int from;
        private final int to;

        Weighted(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) data[i] * (i % 7 + 1);
                }
                return sum;
            }
            int step = (to - from + PARTS - 1) / PARTS;
            List<Weighted> parts = new ArrayList<>(PARTS);
            for (int start = from; start < to; start += step) {
                parts.add(new Weighted(data, start, Math.min(to, start + step)));
            }
            for (Weighted part : parts) { // expect: fork-all
                part.fork();
            }
            long sum = 0;
            for (Weighted part : parts) {
                sum += part.join(); // expect: join-order
            }
            return sum;
        }
    }

    // measure: 4000000 60
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int[] data = new int[size];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31) % 257;
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            checksum = checksum * 31 + ForkJoinPool.commonPool().invoke(new Weighted(data, 0, data.length));
        }
        System.out.println("checksum=" + checksum);
    }
}
