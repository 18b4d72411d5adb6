package corpus.forkthenjoin.positive.forkjoinbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: a polynomial hash over an array, split in halves down to small leaves; each half is forked
 * and joined at once, one after the other, so every fork is a deque round trip that buys nothing.
 * Arguments: array length (default small) and rounds.
 */
public class ForkJoinBench {

    static final int LEAF = 256;

    static class Hash extends RecursiveTask<Long> {
        private final int[] data;
        private final int from;
        private final int to;

        Hash(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                long hash = 0;
                for (int i = from; i < to; i++) {
                    hash = hash * 31 + data[i];
                }
                return hash;
            }
            int mid = (from + to) >>> 1;
            Hash low = new Hash(data, from, mid);
            low.fork(); // expect: fork-then-join
            long first = low.join();
            Hash high = new Hash(data, mid, to);
            high.fork(); // expect: fork-then-join
            long second = high.join();
            return first * 1_000_003 + second;
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
            checksum = checksum * 31 + ForkJoinPool.commonPool().invoke(new Hash(data, 0, data.length));
        }
        System.out.println("checksum=" + checksum);
    }
}
