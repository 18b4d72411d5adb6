package corpus.centralizedpooling.positive.sharedpool;

import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

/** Top-level generic task that counts matches and submits its left half to a pool held by another class. */
final class MatchCounter<T> extends RecursiveTask<Integer> {

    private static final int THRESHOLD = 256;

    private final List<T> items;
    private final Predicate<? super T> test;
    private final int from;
    private final int to;

    MatchCounter(List<T> items, Predicate<? super T> test, int from, int to) {
        this.items = items;
        this.test = test;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        if (to - from <= THRESHOLD) {
            int count = 0;
            for (int i = from; i < to; i++) {
                if (test.test(items.get(i))) {
                    count++;
                }
            }
            return count;
        }
        int mid = (from + to) >>> 1;
        MatchCounter<T> left = new MatchCounter<>(items, test, from, mid);
        MatchCounter<T> right = new MatchCounter<>(items, test, mid, to);
        if (java.util.concurrent.ForkJoinTask.getPool() == Pools.SHARED) {
            left.fork();
        } else {
            Pools.SHARED.execute(left); // expect: centralized-pooling
        }
        int rightCount = right.compute();
        return left.join() + rightCount;
    }
}
