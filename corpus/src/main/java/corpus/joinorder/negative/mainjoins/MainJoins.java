package corpus.joinorder.negative.mainjoins;

import java.util.concurrent.RecursiveTask;

/** main forks two independent jobs into the common pool and joins them in fork order: main has no deque. */
public class MainJoins {

    static class Squares extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Squares(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 5_000) {
                long sum = 0;
                for (long i = from; i < to; i++) {
                    sum += i * i % 1_009;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Squares low = new Squares(from, mid);
            low.fork();
            long high = new Squares(mid, to).compute();
            return high + low.join();
        }
    }

    public static void main(String[] args) {
        Squares small = new Squares(0, 20_000);
        Squares large = new Squares(20_000, 80_000);
        small.fork();
        large.fork();
        long first = small.join();
        long second = large.join();
        System.out.println("checksum=" + (first * 31 + second));
    }
}
