package corpus.joinorder.positive.joinorderbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: a sum over an array split five ways at every level; four parts are forked, the fifth computed
 * here, and the forks are joined oldest first, so each join looks for a task under three later forks.
 * Arguments: array length (default small) and rounds.
 */
public class JoinOrderBench {

    static final int LEAF = 64;

    static class Sum extends RecursiveTask<Long> {
        private final int[] data;
        private final int from;
        private final int to;

        Sum(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += data[i];
                }
                return sum;
            }
            int step = (to - from) / 5;
            Sum a = new Sum(data, from, from + step);
            Sum b = new Sum(data, from + step, from + 2 * step);
            Sum c = new Sum(data, from + 2 * step, from + 3 * step);
            Sum d = new Sum(data, from + 3 * step, from + 4 * step);
            a.fork();
            b.fork();
            c.fork();
            d.fork();
            long own = new Sum(data, from + 4 * step, to).compute();
            long fromA = a.join(); // expect: join-order
            long fromB = b.join();
            long fromC = c.join();
            long fromD = d.join();
            return own + fromA + fromB + fromC + fromD;
        }
    }

    // measure: 3000000 60
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int[] data = new int[size];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 31) % 257;
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            checksum = checksum * 31 + ForkJoinPool.commonPool().invoke(new Sum(data, 0, data.length));
        }
        System.out.println("checksum=" + checksum);
    }
}
