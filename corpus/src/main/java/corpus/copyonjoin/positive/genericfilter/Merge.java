package corpus.copyonjoin.positive.genericfilter;

import java.util.ArrayList;
import java.util.List;

/** Helper reached from FilterTask.compute(): runs both halves and copies their results into a new list. */
final class Merge {

    private Merge() {
    }

    static <T> List<T> forkAndMerge(FilterTask<T> left, FilterTask<T> right) {
        left.fork();
        List<T> rightKept = right.compute();
        List<T> out = new ArrayList<>(left.join()); // expect: copy-on-join
        out.addAll(rightKept); // expect: copy-on-join
        return out;
    }
}
