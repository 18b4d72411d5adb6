package corpus.sleepyworker.positive.executorgetter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A renderer whose executor a factory fills with a fork/join pool behind a plain {@code ExecutorService}; each
 * region task, handed over through the getter, pauses between rows "to let the disk catch up".
 */
public class ExecutorGetter {

    private ExecutorService renderExecutor;

    ExecutorService getRenderExecutor() {
        return renderExecutor;
    }

    void enable(int threads) {
        this.renderExecutor = Threads.createService(threads);
    }

    static final class Threads {
        static ExecutorService createService(int threads) {
            return new ForkJoinPool(Math.max(1, threads));
        }
    }

    static final class RegionTask implements Runnable {
        private final int region;
        private final AtomicLong sum;

        RegionTask(int region, AtomicLong sum) {
            this.region = region;
            this.sum = sum;
        }

        @Override
        public void run() {
            for (int row = 0; row < 4; row++) {
                sum.addAndGet((long) region * 31 + row);
                try {
                    Thread.sleep(1); // expect: sleepy-worker
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    long render(int regions) {
        AtomicLong sum = new AtomicLong();
        List<CompletableFuture<Void>> scans = new ArrayList<>();
        for (int region = 0; region < regions; region++) {
            scans.add(CompletableFuture.runAsync(new RegionTask(region, sum), getRenderExecutor()));
        }
        scans.forEach(CompletableFuture::join);
        return sum.get();
    }

    public static void main(String[] args) {
        ExecutorGetter renderer = new ExecutorGetter();
        renderer.enable(2);
        long checksum = renderer.render(16);
        renderer.getRenderExecutor().shutdown();
        System.out.println("checksum=" + checksum);
    }
}
