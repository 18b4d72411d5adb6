package corpus.centralizedpooling.positive.leafpublisher;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** A RecursiveAction whose leaves hand their partial sums to an ExecutorService field from compute(). */
public class SensorTotals {

    static final class Aggregate extends RecursiveAction {
        static final int THRESHOLD = 1_000;

        private final int[] readings;
        private final int from;
        private final int to;
        private final ExecutorService publisher;
        private final LongAdder totals;

        Aggregate(int[] readings, int from, int to, ExecutorService publisher, LongAdder totals) {
            this.readings = readings;
            this.from = from;
            this.to = to;
            this.publisher = publisher;
            this.totals = totals;
        }

        @Override
        protected void compute() {
            if (to - from > THRESHOLD) {
                int mid = (from + to) >>> 1;
                invokeAll(new Aggregate(readings, from, mid, publisher, totals),
                        new Aggregate(readings, mid, to, publisher, totals));
                return;
            }
            long partial = 0;
            for (int i = from; i < to; i++) {
                partial += Math.max(0, readings[i]);
            }
            long published = partial;
            publisher.execute(() -> totals.add(published)); // expect: centralized-pooling
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] readings = new int[40_000];
        for (int i = 0; i < readings.length; i++) {
            readings[i] = (i * 37) % 211 - 40;
        }
        ExecutorService publisher = Executors.newFixedThreadPool(2);
        LongAdder totals = new LongAdder();
        ForkJoinPool pool = new ForkJoinPool(4);
        pool.invoke(new Aggregate(readings, 0, readings.length, publisher, totals));
        pool.shutdown();
        publisher.shutdown();
        publisher.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println("checksum=" + totals.sum());
    }
}
