package corpus.sleepyworker.negative.mainsleep;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;

/** Sleeps only outside task code: main() polls the submitted task and a plain Thread ticks a heartbeat. */
public class MainSleep {

    static final int THRESHOLD = 2_000;

    static class CubeSum extends RecursiveTask<Long> {
        private final int[] values;
        private final int from;
        private final int to;

        CubeSum(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    long v = values[i];
                    sum += v * v * v;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            CubeSum left = new CubeSum(values, from, mid);
            CubeSum right = new CubeSum(values, mid, to);
            left.fork();
            long rightSum = right.compute();
            return left.join() + rightSum;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        AtomicInteger beats = new AtomicInteger();
        Thread heartbeat = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                beats.incrementAndGet();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        heartbeat.start();
        int[] values = new int[10_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 17) % 201 - 100;
        }
        ForkJoinTask<Long> sum = ForkJoinPool.commonPool().submit(new CubeSum(values, 0, values.length));
        while (!sum.isDone()) {
            Thread.sleep(1);
        }
        heartbeat.join();
        System.out.println("checksum=" + (sum.join() * 10 + beats.get()));
    }
}
