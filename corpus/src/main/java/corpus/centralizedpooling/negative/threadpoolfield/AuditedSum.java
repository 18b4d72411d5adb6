package corpus.centralizedpooling.negative.threadpoolfield;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Near miss of the centralized-pooling positives: each leaf of a fork/join sum hands an audit record to a
 * field declared as a ThreadPoolExecutor (the shape of GPars' DefaultPool). That executor is never a
 * fork/join pool, so the record leaves for its own threads instead of going through a fork/join pool's
 * central queue, and nothing here waits for it.
 */
public final class AuditedSum {

    static final class Sum extends RecursiveTask<Long> {
        private final ThreadPoolExecutor audit;
        private final AtomicLong audited;
        private final int[] values;
        private final int from;
        private final int to;

        Sum(ThreadPoolExecutor audit, AtomicLong audited, int[] values, int from, int to) {
            this.audit = audit;
            this.audited = audited;
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 64) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += values[i];
                }
                int count = to - from;
                audit.execute(() -> audited.addAndGet(count));
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(audit, audited, values, from, mid);
            left.fork();
            return new Sum(audit, audited, values, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] values = new int[4_096];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 31;
        }
        ThreadPoolExecutor audit = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        AtomicLong audited = new AtomicLong();
        long sum = ForkJoinPool.commonPool().invoke(new Sum(audit, audited, values, 0, values.length));
        audit.shutdown();
        audit.awaitTermination(1, TimeUnit.MINUTES);
        System.out.println("checksum=" + (sum + audited.get()));
    }
}
