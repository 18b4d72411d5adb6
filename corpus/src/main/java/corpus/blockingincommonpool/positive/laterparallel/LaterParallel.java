package corpus.blockingincommonpool.positive.laterparallel;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A pipeline that starts sequential and is made parallel after the operation that locks: parallel()
 * anywhere in a pipeline makes all of it parallel. The lock is one object for every element, so it is
 * intra-task-sync's finding in common-pool code, not blocking-in-common-pool's.
 */
public class LaterParallel {

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static long total;

    public static void main(String[] args) {
        List<Integer> values = IntStream.range(0, 500).boxed().collect(Collectors.toList());
        values.stream()
                .map(v -> v * 3)
                .parallel()
                .forEach(v -> {
                    LOCK.lock(); // expect: intra-task-sync
                    try {
                        total += v;
                    } finally {
                        LOCK.unlock();
                    }
                });
        System.out.println("checksum=" + total);
    }
}
