package corpus.centralizedpooling.positive.actormailbox;

import java.util.concurrent.ForkJoinPool;

/** Schedules actor mailboxes on one shared pool, the way an actor runtime's dispatcher does. */
final class Dispatcher {

    private final ForkJoinPool pool;

    Dispatcher(ForkJoinPool pool) {
        this.pool = pool;
    }

    void dispatch(ActorPipeline.Mailbox mailbox) {
        if (mailbox.markScheduled()) {
            if (java.util.concurrent.ForkJoinTask.getPool() == pool) {
                mailbox.fork();
            } else {
                pool.execute(mailbox); // expect: centralized-pooling
            }
        }
    }
}
