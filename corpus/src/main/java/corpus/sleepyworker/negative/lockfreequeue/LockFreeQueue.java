package corpus.sleepyworker.negative.lockfreequeue;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Leaves append their sums to a lock-free linked queue. An appender that loses the race for the tail spins
 * until the winner has linked its node: a wait of a few instructions inside a lock-free update, not a worker
 * put to sleep waiting for another task's work.
 */
public class LockFreeQueue {

    static final class Node {
        final long value;
        volatile Node next;

        Node(long value) {
            this.value = value;
        }
    }

    static final Node HEAD = new Node(0);
    static final AtomicReference<Node> TAIL = new AtomicReference<>(HEAD);
    static final AtomicLong APPENDED = new AtomicLong();

    static void append(long value) {
        Node node = new Node(value);
        Node last = TAIL.getAndSet(node);
        last.next = node;
        Node tail = TAIL.get();
        if (!TAIL.compareAndSet(tail, tail)) {
            while (tail.next == null && tail != TAIL.get()) {
                Thread.onSpinWait();
            }
        }
        APPENDED.incrementAndGet();
    }

    static class Sum extends RecursiveAction {
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 250) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += i % 13;
                }
                append(sum);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Sum(from, mid), new Sum(mid, to));
        }
    }

    public static void main(String[] args) {
        ForkJoinPool.commonPool().invoke(new Sum(0, 8_000));
        long total = 0;
        for (Node n = HEAD.next; n != null; n = n.next) {
            total += n.value;
        }
        System.out.println("checksum=" + total + "/" + APPENDED.get());
    }
}
