package corpus.intratasksync.negative.forwardedtothreads;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Near miss of forwardedactor: the scheduler behind the interface hands the actor to a plain thread pool,
 * not a fork/join pool, so the actor's run() is no task code and its synchronized mailbox no finding. A
 * fork/join scheduler is declared too, but nothing creates one, so no call can reach it.
 */
public class Mailboxes {

    interface Scheduler {
        void execute(Runnable work);
    }

    static final class ThreadScheduler implements Scheduler {
        private final ExecutorService threads;

        ThreadScheduler(ExecutorService threads) {
            this.threads = threads;
        }

        @Override
        public void execute(Runnable work) {
            threads.execute(work);
        }
    }

    static final class UnusedPoolScheduler implements Scheduler {
        private final ForkJoinPool pool = ForkJoinPool.commonPool();

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

        synchronized Long take() {
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
        ExecutorService threads = Executors.newFixedThreadPool(2);
        AtomicLong sum = new AtomicLong();
        Actor actor = new Actor(new ThreadScheduler(threads), sum);
        for (long i = 1; i <= 1_000; i++) {
            actor.tell(i);
        }
        threads.shutdown();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println("checksum=" + sum.get());
    }
}
