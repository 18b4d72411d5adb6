package corpus.intratasksync.positive.queuedmessages;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small actor runtime (the shape of actr's ExecutorBasedScheduler): a message is a lambda put in the
 * actor's mailbox queue, and a drain lambda on the common pool polls the queue and runs each message. The
 * messages' bodies are task code only through that queue, and one takes a ledger's monitor.
 */
public class QueuedMessages {

    interface Scheduler {
        void schedule(Runnable message, Mailbox box);
    }

    static final class Mailbox {
        final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
        final AtomicInteger queued = new AtomicInteger();
    }

    static final class PoolScheduler implements Scheduler {
        private final ExecutorService executor;

        PoolScheduler(ExecutorService executor) {
            this.executor = executor;
        }

        @Override
        public void schedule(Runnable message, Mailbox box) {
            box.queue.add(message);
            if (box.queued.getAndIncrement() == 0) {
                executor.execute(() -> drain(box));
            }
        }

        private void drain(Mailbox box) {
            int processed = 0;
            for (Runnable next = box.queue.poll(); next != null && processed < 16; next = box.queue.poll()) {
                next.run();
                processed++;
            }
            if (box.queued.addAndGet(-processed) > 0) {
                executor.execute(() -> drain(box)); // expect: centralized-pooling
            }
        }
    }

    static final class Ledger {
        private long total;

        synchronized void record(long amount) { // expect: intra-task-sync
            total += amount;
        }

        synchronized long total() {
            return total;
        }
    }

    static final class Actor {
        private final Scheduler scheduler;
        private final Mailbox box = new Mailbox();
        private final Ledger ledger;

        Actor(Scheduler scheduler, Ledger ledger) {
            this.scheduler = scheduler;
            this.ledger = ledger;
        }

        void tell(long amount) {
            scheduler.schedule(() -> ledger.record(amount), box);
        }
    }

    public static void main(String[] args) {
        Ledger ledger = new Ledger();
        Actor actor = new Actor(new PoolScheduler(ForkJoinPool.commonPool()), ledger);
        for (long i = 1; i <= 1_000; i++) {
            actor.tell(i);
        }
        while (actor.box.queued.get() > 0) {
            ForkJoinPool.commonPool().awaitQuiescence(10, TimeUnit.MILLISECONDS);
        }
        System.out.println("checksum=" + ledger.total());
    }
}
