package corpus.blockingincommonpool.negative.storedsequential;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The twin of storedparallel kept sequential: the local is only filtered, and the helper makes a sequential
 * stream, so the functions that lock run on the caller's thread.
 */
public class StoredSequential {

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static long total;

    static void add(int value) {
        LOCK.lock();
        try {
            total += value;
        } finally {
            LOCK.unlock();
        }
    }

    static <T> Stream<T> serial(Stream<T> stream) {
        return StreamSupport.stream(stream.spliterator(), false);
    }

    public static void main(String[] args) {
        List<Integer> values = IntStream.range(0, 500).boxed().collect(Collectors.toList());
        boolean even = args.length == 0;
        Stream<Integer> queries = values.stream();
        if (even) {
            queries = queries.filter(v -> v % 2 == 0);
        }
        queries.forEach(v -> add(v * 3));
        serial(values.stream()).forEach(v -> add(v * 5));
        System.out.println("checksum=" + total);
    }
}
