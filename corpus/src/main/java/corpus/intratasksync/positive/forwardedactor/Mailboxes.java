package corpus.intratasksync.positive.forwardedactor;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An actor runtime whose scheduler hides the pool behind an interface of its own: an actor hands itself to
 * {@code scheduler.execute(this)}, and the fork/join implementation submits it. The actor's run() is then
 * task code, and the synchronized mailbox it drains takes a monitor on a pool worker.
 */
public class Mailboxes {

    interface Scheduler {
        void execute(Runnable work);
    }

    static final class PoolScheduler implements Scheduler {
        private final ForkJoinPool pool;

        PoolScheduler(ForkJoinPool pool) {
            this.pool = pool;
        }

        @Override
        public void execute(Runnable work) {
            pool.execute(work);
        }
    }

    static final class Mailbox {
        private final Queue<Long> messages = new ArrayDeque<>();

        synchronized void post(long message) {
            messages.add(message);
        }

        synchronized Long take() { // expect: intra-task-sync
            return messages.poll();
        }
    }

    static final class Actor implements Runnable {
        private final Mailbox mailbox = new Mailbox();
        private final Scheduler scheduler;
        private final AtomicLong sum;

        Actor(Scheduler scheduler, AtomicLong sum) {
            this.scheduler = scheduler;
            this.sum = sum;
        }

        void tell(long message) {
            mailbox.post(message);
            scheduler.execute(this);
        }

        @Override
        public void run() {
            for (Long message = mailbox.take(); message != null; message = mailbox.take()) {
                sum.addAndGet(message);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ForkJoinPool pool = new ForkJoinPool(2);
        AtomicLong sum = new AtomicLong();
        Actor actor = new Actor(new PoolScheduler(pool), sum);
        for (long i = 1; i <= 1_000; i++) {
            actor.tell(i);
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println("checksum=" + sum.get());
    }
}
