package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A spin inside a lock-free update waits for another thread's few steps between its compare-and-set and the
 * write the spin polls; a spin that waits for another task's flag waits for that task's whole work.
 */
class LockFreeSpinTest {

    @Test
    void aSpinInALockFreeUpdateIsNotASleepingWorkerButAFlagPollIs() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Push.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                import java.util.concurrent.atomic.AtomicReference;
                class Push extends RecursiveAction {
                    static final class Node { volatile Node next; }
                    static final AtomicReference<Node> TAIL = new AtomicReference<>(new Node());
                    static volatile boolean ready;
                    @Override
                    protected void compute() {
                        Node node = new Node();
                        Node last = TAIL.getAndSet(node);
                        last.next = node;
                        append();
                        while (!ready) { // expect: sleepy-worker
                            Thread.onSpinWait();
                        }
                    }
                    void append() {
                        Node node = new Node();
                        Node tail = TAIL.get();
                        if (!TAIL.compareAndSet(tail, node)) {
                            while (tail.next == null) {
                                Thread.onSpinWait();
                            }
                        }
                    }
                }
                """).check();
    }

    @Test
    void aSleepOnAnErrorPathIsNoFinding() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Retry.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Retry extends RecursiveAction {
                    @Override
                    protected void compute() {
                        try {
                            work();
                        } catch (IllegalStateException e) {
                            try {
                                Thread.sleep(10);
                            } catch (InterruptedException stop) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                    void work() { }
                }
                """).check();
    }
}
