package corpus.centralizedpooling.positive.executorfieldmailbox;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An actor mailbox scheduler that only knows an ExecutorService, built on the common pool: the
 * mailbox drain runs on a pool worker and hands the rest of the mailbox back through the pool's
 * submission queue instead of forking it.
 */
public class ExecutorFieldMailbox {

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
                executor.execute(() -> drain()); // expect: centralized-pooling
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Scheduler scheduler = new Scheduler(ForkJoinPool.commonPool());
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
        System.out.println("checksum=" + sum.get());
    }
}
