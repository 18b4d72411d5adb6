package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A {@code put} into a queue that is never full returns at once: a {@code LinkedBlockingQueue} made without a
 * capacity (held in a field, a local, or handed to a private helper), a {@code LinkedTransferQueue}. Into a queue
 * made with a capacity, or one that a caller outside the sources may hand in, it waits while the queue is full.
 */
class UnboundedQueuePutTest {

    @Test
    void aPutWaitsOnlyOnABoundedQueue() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Leaves.java", """
                package p;
                import java.util.concurrent.*;
                class Leaves extends RecursiveAction {
                    private final BlockingQueue<Integer> results = new LinkedBlockingQueue<>();
                    private final BlockingQueue<Integer> window = new LinkedBlockingQueue<>(16);
                    private final LinkedTransferQueue<Integer> handOff = new LinkedTransferQueue<>();
                    final int n;
                    final BlockingQueue<Integer> given;
                    Leaves(int n, BlockingQueue<Integer> given) { this.n = n; this.given = given; }
                    @Override
                    protected void compute() {
                        try {
                            if (n < 2) {
                                results.put(n);
                                handOff.put(n);
                                window.put(n); // expect: intra-task-sync "BlockingQueue.take/put"
                                given.put(n); // expect: intra-task-sync "BlockingQueue.take/put"
                                BlockingQueue<Integer> local = new LinkedBlockingQueue<>();
                                fill(local, n);
                                return;
                            }
                            invokeAll(new Leaves(n / 2, given), new Leaves(n - n / 2, given));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    private static void fill(BlockingQueue<Integer> queue, int n) throws InterruptedException {
                        queue.put(n);
                    }
                }
                """).check();
    }
}
