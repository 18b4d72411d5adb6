import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.ascoop.Future;
import com.ascoop.LocalActor;

/**
 * Workload for JAAC's actor runtime: tokens travel around a ring of actors, one message per hop, so the
 * time goes into scheduling actor message loops on the runtime's ForkJoinPool. Written for fjdoctor; only
 * calls JAAC's public API. Arguments: actors, tokens, hops per token. Prints a checksum of what the actors
 * received. (The runtime's pool threads are not daemons: run it through fjdoctor measure, which exits.)
 */
public class Driver {

    static final class Node extends LocalActor {
        Node next;
        long received;

        Future<Void> take(long value, int hopsLeft, CountDownLatch done) {
            received += value;
            if (hopsLeft == 0) {
                done.countDown();
            } else {
                long passed = value * 31 + hopsLeft;
                next.send(() -> next.take(passed, hopsLeft - 1, done));
            }
            return Future.done();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int actors = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int tokens = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int hops = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        Node[] ring = new Node[actors];
        for (int i = 0; i < actors; i++) {
            ring[i] = new Node();
        }
        for (int i = 0; i < actors; i++) {
            ring[i].next = ring[(i + 1) % actors];
        }
        CountDownLatch done = new CountDownLatch(tokens);
        for (int t = 0; t < tokens; t++) {
            Node first = ring[t % actors];
            long value = t + 1;
            first.send(() -> first.take(value, hops, done));
        }
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("tokens did not arrive");
        }
        long checksum = 0;
        for (Node node : ring) {
            checksum = checksum * 31 + node.received;
        }
        System.out.println("checksum=" + checksum);
    }
}
