package corpus.intratasksync.negative.deadletters;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Near miss of queuedmessages: the mailbox drained on the common pool only holds lock-free messages; the
 * message that takes the ledger's monitor goes to another queue of the mailbox, the dead letters, which
 * only main drains. A queue is followed by the field it is, not by its type.
 */
public class QueuedMessages {

    interface Scheduler {
        void schedule(Runnable message, Mailbox box);
    }

    static final class Mailbox {
        final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
        final Queue<Runnable> deadLetters = new ConcurrentLinkedQueue<>();
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

        synchronized void record(long amount) {
            total += amount;
        }

        synchronized long total() {
            return total;
        }
    }

    static final class Actor {
        private final Scheduler scheduler;
        private final Mailbox box = new Mailbox();
        private final AtomicLong sum = new AtomicLong();
        private final Ledger ledger;

        Actor(Scheduler scheduler, Ledger ledger) {
            this.scheduler = scheduler;
            this.ledger = ledger;
        }

        void tell(long amount) {
            if (amount % 100 == 0) {
                box.deadLetters.add(() -> ledger.record(amount));
            } else {
                scheduler.schedule(() -> sum.addAndGet(amount), box);
            }
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
        for (Runnable letter = actor.box.deadLetters.poll(); letter != null; letter = actor.box.deadLetters.poll()) {
            letter.run();
        }
        System.out.println("checksum=" + (actor.sum.get() + ledger.total()));
    }
}
