package corpus.poolpercall.negative.staticpool;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** Every request shares one static pool of the jsr166y backport: the rewrite's own shape. */
public class StaticPool {

    private static final ForkJoinPool POOL = new ForkJoinPool(2);

    static class Total extends RecursiveTask<Long> {
        private final long[] values;
        private final int from;
        private final int to;

        Total(long[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 2_048) {
                long total = 0;
                for (int i = from; i < to; i++) {
                    total += values[i];
                }
                return total;
            }
            int mid = (from + to) >>> 1;
            Total left = new Total(values, from, mid);
            left.fork();
            return new Total(values, mid, to).compute() + left.join();
        }
    }

    static long handle(long[] request) {
        return POOL.invoke(new Total(request, 0, request.length));
    }

    public static void main(String[] args) {
        long checksum = 0;
        for (int r = 0; r < 10; r++) {
            long[] request = new long[3_000];
            for (int i = 0; i < request.length; i++) {
                request[i] = (long) i * r;
            }
            checksum = checksum * 31 + handle(request);
        }
        System.out.println("checksum=" + checksum);
    }
}
