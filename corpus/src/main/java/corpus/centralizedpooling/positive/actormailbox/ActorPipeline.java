package corpus.centralizedpooling.positive.actormailbox;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Actor-mailbox style: every message sent from a running mailbox goes through the dispatcher's pool.execute. */
public class ActorPipeline {

    static final int MESSAGES = 5_000;

    /** A pipeline stage: transforms each message and tells the next stage, or sums them at the end. */
    static final class Actor {
        private final Actor next;
        private final Mailbox mailbox;
        private volatile long total;
        private volatile int received;

        Actor(Dispatcher dispatcher, Actor next) {
            this.next = next;
            this.mailbox = new Mailbox(this, dispatcher);
        }

        void tell(long message) {
            mailbox.enqueue(message);
        }

        // runs only inside this actor's mailbox, one message at a time
        void receive(long message) {
            if (next != null) {
                next.tell(message * 3 % 1_009);
            } else {
                total = total + message;
            }
            received = received + 1;
        }
    }

    /** An actor's message queue, run as a ForkJoinTask that never completes so it can be scheduled again. */
    static final class Mailbox extends ForkJoinTask<Void> {

        private final ConcurrentLinkedQueue<Long> messages = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean scheduled = new AtomicBoolean();
        private final Actor owner;
        private final Dispatcher dispatcher;

        Mailbox(Actor owner, Dispatcher dispatcher) {
            this.owner = owner;
            this.dispatcher = dispatcher;
        }

        void enqueue(long message) {
            messages.add(message);
            dispatcher.dispatch(this);
        }

        boolean markScheduled() {
            return scheduled.compareAndSet(false, true);
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void unused) {
            // a mailbox has no result
        }

        @Override
        protected boolean exec() {
            for (int processed = 0; processed < 8; processed++) {
                Long message = messages.poll();
                if (message == null) {
                    break;
                }
                owner.receive(message);
            }
            scheduled.set(false);
            if (!messages.isEmpty()) {
                dispatcher.dispatch(this);
            }
            return false; // stays incomplete: the dispatcher executes it again for later messages
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(4);
        Dispatcher dispatcher = new Dispatcher(pool);
        Actor sink = new Actor(dispatcher, null);
        Actor source = new Actor(dispatcher, new Actor(dispatcher, sink));
        for (long i = 0; i < MESSAGES; i++) {
            source.tell(i);
        }
        while (sink.received < MESSAGES) {
            pool.awaitQuiescence(1, TimeUnit.SECONDS);
        }
        System.out.println("checksum=" + sink.total);
        pool.shutdown();
    }
}
