package corpus.centralizedpooling.negative.guardeddispatch;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** The rewritten dispatcher: forks the mailbox when already on a worker of this pool, submits otherwise. */
final class Dispatcher {

    private final ForkJoinPool pool;

    Dispatcher(ForkJoinPool pool) {
        this.pool = pool;
    }

    void dispatch(WordPipeline.Mailbox mailbox) {
        if (!mailbox.markScheduled()) {
            return;
        }
        if (ForkJoinTask.getPool() == pool) {
            mailbox.fork();
        } else {
            pool.execute(mailbox);
        }
    }
}
