package corpus.sleepyworker.negative.rewrittenmanagedsleep;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Leaves pause in an anonymous ManagedBlocker, in the exact shape fjdoctor's managed-block rewrite
 * prints: the sleep runs in block(), which the pool calls, so it is managed and no finding.
 */
public class ThrottledChecksum {

    static final int THRESHOLD = 2_000;

    static class Checksum extends RecursiveTask<Long> {
        private final byte[] bytes;
        private final int from;
        private final int to;

        Checksum(byte[] bytes, int from, int to) {
            this.bytes = bytes;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long pause = 1;
                try {
                    ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                        private boolean done;

                        @Override
                        public boolean block() throws InterruptedException {
                            Thread.sleep(pause);
                            done = true;
                            return true;
                        }

                        @Override
                        public boolean isReleasable() {
                            return done;
                        }
                    });
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum = sum * 31 + (bytes[i] & 0xFF);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Checksum left = new Checksum(bytes, from, mid);
            Checksum right = new Checksum(bytes, mid, to);
            left.fork();
            long rightSum = right.compute();
            return left.join() * 17 + rightSum;
        }
    }

    public static void main(String[] args) {
        byte[] bytes = new byte[10_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 7 + 3);
        }
        long sum = ForkJoinPool.commonPool().invoke(new Checksum(bytes, 0, bytes.length));
        System.out.println("checksum=" + sum);
    }
}
