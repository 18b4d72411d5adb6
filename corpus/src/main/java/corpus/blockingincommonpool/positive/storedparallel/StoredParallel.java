package corpus.blockingincommonpool.positive.storedparallel;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Pipelines made parallel away from the operation that locks: a {@code parallel()} stored back into the local
 * under an {@code if}, and a helper that returns {@code StreamSupport.stream(spliterator, true)}. Both run their
 * functions in the common pool, where the static lock that every element takes is intra-task-sync's finding
 * (not also blocking-in-common-pool's).
 */
public class StoredParallel {

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static long total;

    static void add(int value) {
        LOCK.lock(); // expect: intra-task-sync
        try {
            total += value;
        } finally {
            LOCK.unlock();
        }
    }

    static <T> Stream<T> batch(Stream<T> stream) {
        return StreamSupport.stream(stream.spliterator(), true);
    }

    public static void main(String[] args) {
        List<Integer> values = IntStream.range(0, 500).boxed().collect(Collectors.toList());
        boolean parallel = args.length == 0;
        Stream<Integer> queries = values.stream();
        if (parallel) {
            queries = queries.parallel();
        }
        queries.forEach(v -> add(v * 3));
        batch(values.stream()).forEach(v -> add(v * 5));
        System.out.println("checksum=" + total);
    }
}
