package corpus.intratasksync.positive.lockedcounter;

import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/** A generic top-level RecursiveAction over a list that bumps a shared counter under a ReentrantLock. */
public class CountMatches<T> extends RecursiveAction {

    static final int THRESHOLD = 256;

    /** The shared result: one count guarded by one lock. */
    static final class Tally {
        final ReentrantLock lock = new ReentrantLock();
        long count;
    }

    private final List<T> items;
    private final Predicate<? super T> test;
    private final Tally tally;
    private final int from;
    private final int to;

    CountMatches(List<T> items, Predicate<? super T> test, Tally tally, int from, int to) {
        this.items = items;
        this.test = test;
        this.tally = tally;
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from <= THRESHOLD) {
            for (int i = from; i < to; i++) {
                if (test.test(items.get(i))) {
                    tally.lock.lock(); // expect: intra-task-sync
                    try {
                        tally.count++;
                    } finally {
                        tally.lock.unlock();
                    }
                }
            }
            return;
        }
        int mid = (from + to) >>> 1;
        CountMatches<T> left = new CountMatches<>(items, test, tally, from, mid);
        CountMatches<T> right = new CountMatches<>(items, test, tally, mid, to);
        left.fork();
        right.compute();
        left.join();
    }
}
