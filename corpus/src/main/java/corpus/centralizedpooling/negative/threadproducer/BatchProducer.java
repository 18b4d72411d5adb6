package corpus.centralizedpooling.negative.threadproducer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** A plain Runnable, run by its own Thread, submits batches to a pool: not task code, so not a finding. */
public class BatchProducer {

    static final class ChecksumTask extends RecursiveTask<Long> {
        static final int THRESHOLD = 512;

        private final byte[] payload;
        private final int from;
        private final int to;

        ChecksumTask(byte[] payload, int from, int to) {
            this.payload = payload;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (payload[i] & 0xff) * (long) (i % 13 + 1);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            ChecksumTask left = new ChecksumTask(payload, from, mid);
            left.fork();
            long right = new ChecksumTask(payload, mid, to).compute();
            return right + left.join();
        }
    }

    static final class Producer implements Runnable {
        private final ForkJoinPool pool;
        private final List<byte[]> batches;
        private long total;

        Producer(ForkJoinPool pool, List<byte[]> batches) {
            this.pool = pool;
            this.batches = batches;
        }

        @Override
        public void run() {
            List<ForkJoinTask<Long>> pending = new ArrayList<>();
            for (byte[] batch : batches) {
                pending.add(pool.submit(new ChecksumTask(batch, 0, batch.length)));
            }
            for (ForkJoinTask<Long> task : pending) {
                total += task.join();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        List<byte[]> batches = new ArrayList<>();
        for (int b = 0; b < 8; b++) {
            byte[] batch = new byte[4_000 + b * 100];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = (byte) (i * 7 + b);
            }
            batches.add(batch);
        }
        ForkJoinPool pool = new ForkJoinPool(4);
        Producer producer = new Producer(pool, batches);
        Thread thread = new Thread(producer, "producer");
        thread.start();
        thread.join();
        pool.shutdown();
        System.out.println("checksum=" + producer.total);
    }
}
