package corpus.poolpercall.positive.poolperrequestbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Workload: a loop of small requests, each summing its own small array with a fork/join task on a pool
 * created for that request and shut down after it. Arguments: requests (default small) and elements per
 * request.
 */
public class PoolPerRequestBench {

    static final int WORKERS = 2;

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
            if (to - from <= 1_024) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) data[i] * data[i] % 1_009;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(data, from, mid);
            left.fork();
            return new Sum(data, mid, to).compute() + left.join();
        }
    }

    static long serve(int[] request) {
        ForkJoinPool pool = new ForkJoinPool(WORKERS); // expect: pool-per-call
        try {
            return pool.invoke(new Sum(request, 0, request.length));
        } finally {
            pool.shutdown();
        }
    }

    // measure: 3000 8192
    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 4_096;
        int[] request = new int[size];
        long checksum = 0;
        for (int r = 0; r < requests; r++) {
            for (int i = 0; i < size; i++) {
                request[i] = i + r;
            }
            checksum = checksum * 31 + serve(request);
        }
        System.out.println("checksum=" + checksum);
    }
}
