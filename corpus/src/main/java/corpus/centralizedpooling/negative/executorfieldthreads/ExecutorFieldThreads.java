package corpus.centralizedpooling.negative.executorfieldthreads;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The same mailbox scheduler built only on a fixed thread pool: no fork/join worker runs the drain,
 * so handing the rest of the mailbox back to the executor is the only way to continue.
 */
public class ExecutorFieldThreads {

    static final class Scheduler {
        private final ExecutorService executor;
        private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
        private final AtomicInteger queued = new AtomicInteger();

        Scheduler(ExecutorService executor) {
            this.executor = executor;
        }

        void schedule(Runnable message) {
            queue.add(message);
            if (queued.getAndIncrement() == 0) {
                Runnable drain = () -> drain();
                executor.execute(drain);
            }
        }

        private void drain() {
            int processed = 0;
            Runnable next;
            while (processed < 8 && (next = queue.poll()) != null) {
                next.run();
                processed++;
            }
            if (queued.addAndGet(-processed) > 0) {
                executor.execute(() -> drain());
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Scheduler scheduler = new Scheduler(Executors.newFixedThreadPool(2));
        AtomicLong sum = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1_000);
        for (int i = 0; i < 1_000; i++) {
            int value = i;
            scheduler.schedule(() -> {
                sum.addAndGet(value % 17);
                done.countDown();
            });
        }
        done.await();
        scheduler.executor.shutdown();
        System.out.println("checksum=" + sum.get());
    }
}
