package corpus.intratasksync.positive.helperthreadjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Each leaf hands half its work to a plain thread and waits for it with Thread.join. */
public class HelperThreadJoin {

    static final int LEAF = 5_000;

    static class Sum extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                return sumWithHelper(from, to);
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            return new Sum(mid, to).compute() + left.join();
        }

        private static long sumWithHelper(int from, int to) {
            int mid = (from + to) >>> 1;
            long[] upper = new long[1];
            Thread helper = new Thread(() -> upper[0] = sum(mid, to));
            helper.start();
            long lower = sum(from, mid);
            try {
                helper.join(); // expect: intra-task-sync
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return lower + upper[0];
        }

        private static long sum(int from, int to) {
            long total = 0;
            for (int i = from; i < to; i++) {
                total += i % 97;
            }
            return total;
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Sum(0, 40_000)));
    }
}
