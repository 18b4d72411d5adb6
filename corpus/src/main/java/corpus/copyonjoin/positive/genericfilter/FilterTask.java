package corpus.copyonjoin.positive.genericfilter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

/** Generic RecursiveTask<List<T>> keeping the elements of a range that match a predicate. */
public class FilterTask<T> extends RecursiveTask<List<T>> {

    static final int THRESHOLD = 750;

    private final List<T> items;
    private final Predicate<? super T> keep;
    private final int from;
    private final int to;

    FilterTask(List<T> items, Predicate<? super T> keep, int from, int to) {
        this.items = items;
        this.keep = keep;
        this.from = from;
        this.to = to;
    }

    @Override
    protected List<T> compute() {
        if (to - from <= THRESHOLD) {
            List<T> kept = new ArrayList<>();
            for (int i = from; i < to; i++) {
                T item = items.get(i);
                if (keep.test(item)) {
                    kept.add(item);
                }
            }
            return kept;
        }
        int mid = (from + to) >>> 1;
        return Merge.forkAndMerge(new FilterTask<>(items, keep, from, mid), new FilterTask<>(items, keep, mid, to));
    }
}
