package corpus.copyonjoin.positive.genericfilter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** Runs the generic {@link FilterTask} on integers and strings; the merging helper lives in {@link Merge}. */
public class GenericFilter {

    public static void main(String[] args) {
        List<Integer> numbers = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            numbers.add((i * 29) % 997);
            names.add("item" + (i % 311));
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        List<Integer> large = pool.invoke(new FilterTask<>(numbers, n -> n > 900, 0, numbers.size()));
        List<String> sevens = pool.invoke(new FilterTask<>(names, s -> s.endsWith("7"), 0, names.size()));
        System.out.println("checksum=" + large.size() + ":" + large.hashCode() + ":" + sevens.hashCode());
    }
}
