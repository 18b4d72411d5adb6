package corpus.sleepyworker.negative.guardedwork;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The near miss of a spinning guard: a loop forever whose guard is followed by work on every pass (a
 * drain that stops when its queue is empty) never waits for another thread.
 */
public class GuardedWork {

    static final int THRESHOLD = 1_000;

    static final class Sum extends RecursiveTask<Long> {
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
            if (to - from <= THRESHOLD) {
                Deque<Integer> pending = new ArrayDeque<>();
                for (int i = from; i < to; i++) {
                    pending.add(data[i]);
                }
                return drain(pending);
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(data, from, mid);
            left.fork();
            return new Sum(data, mid, to).compute() + left.join();
        }

        private static long drain(Deque<Integer> pending) {
            long sum = 0;
            while (true) {
                if (pending.isEmpty()) {
                    return sum;
                }
                sum += pending.poll();
            }
        }
    }

    public static void main(String[] args) {
        int[] data = new int[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 17) % 1_000;
        }
        long sum = ForkJoinPool.commonPool().invoke(new Sum(data, 0, data.length));
        System.out.println("checksum=" + sum);
    }
}
