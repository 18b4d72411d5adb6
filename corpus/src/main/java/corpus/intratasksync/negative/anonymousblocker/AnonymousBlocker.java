package corpus.intratasksync.negative.anonymousblocker;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaves wait for a shared index through an anonymous ManagedBlocker handed to ForkJoinPool.managedBlock. */
public class AnonymousBlocker {

    static final int THRESHOLD = 1_000;
    static final CountDownLatch INDEX_BUILT = new CountDownLatch(1);
    static final int[] INDEX = new int[512];

    static class LookupTask extends RecursiveTask<Long> {
        private final int[] queries;
        private final int from;
        private final int to;

        LookupTask(int[] queries, int from, int to) {
            this.queries = queries;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                awaitIndex();
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += INDEX[queries[i] % INDEX.length];
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            LookupTask left = new LookupTask(queries, from, mid);
            LookupTask right = new LookupTask(queries, mid, to);
            left.fork();
            long rightSum = right.compute();
            return left.join() + rightSum;
        }

        private static void awaitIndex() {
            try {
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    @Override
                    public boolean block() throws InterruptedException {
                        INDEX_BUILT.await();
                        return true;
                    }

                    @Override
                    public boolean isReleasable() {
                        return INDEX_BUILT.getCount() == 0;
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    public static void main(String[] args) {
        for (int i = 0; i < INDEX.length; i++) {
            INDEX[i] = (i * i) % 977;
        }
        INDEX_BUILT.countDown();
        int[] queries = new int[5_000];
        for (int i = 0; i < queries.length; i++) {
            queries[i] = i * 13;
        }
        long sum = ForkJoinPool.commonPool().invoke(new LookupTask(queries, 0, queries.length));
        System.out.println("checksum=" + sum);
    }
}
