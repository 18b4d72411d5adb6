package corpus.poolpercall.positive.requestloop;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A service answers each request with a pool of its own, shut down right after the one use. */
public class RequestLoop {

    static final int PARALLELISM = 2;

    static class Histogram extends RecursiveTask<Long> {
        private final int[] values;
        private final int from;
        private final int to;

        Histogram(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 512) {
                long odd = 0;
                for (int i = from; i < to; i++) {
                    odd += values[i] & 1;
                }
                return odd;
            }
            int mid = (from + to) >>> 1;
            Histogram left = new Histogram(values, from, mid);
            left.fork();
            return new Histogram(values, mid, to).compute() + left.join();
        }
    }

    static long handle(int[] request) {
        ForkJoinPool pool = new ForkJoinPool(PARALLELISM); // expect: pool-per-call
        try {
            return pool.invoke(new Histogram(request, 0, request.length));
        } finally {
            pool.shutdown();
        }
    }

    public static void main(String[] args) {
        long checksum = 0;
        for (int r = 0; r < 20; r++) {
            int[] request = new int[2_000 + r];
            for (int i = 0; i < request.length; i++) {
                request[i] = i * 7 + r;
            }
            checksum = checksum * 31 + handle(request);
        }
        System.out.println("checksum=" + checksum);
    }
}
