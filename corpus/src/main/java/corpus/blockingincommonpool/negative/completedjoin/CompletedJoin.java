package corpus.blockingincommonpool.negative.completedjoin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A parallel stream that joins CompletableFutures (on a pool worker the JDK waits in
 * ForkJoinPool.managedBlock, so the pool compensates) and writes a report only when an element fails, in a
 * catch clause: neither holds a common-pool worker idle while the pipeline does its work.
 */
public class CompletedJoin {

    static long price(int key) {
        CompletableFuture<Integer> cached = CompletableFuture.completedFuture(key);
        CompletableFuture<Integer> computed = CompletableFuture.supplyAsync(() -> key * 7);
        return cached.join() + (long) computed.join();
    }

    static long checked(int key, Path failures) {
        try {
            if (key % 1000 == 999) {
                throw new IllegalStateException("key " + key);
            }
            return key;
        } catch (IllegalStateException e) {
            try {
                Files.writeString(failures, e.getMessage());
            } catch (IOException io) {
                throw new UncheckedIOException(io);
            }
            return 0;
        }
    }

    public static void main(String[] args) throws IOException {
        Path failures = Files.createTempFile("failures", ".txt");
        List<Integer> keys = IntStream.range(0, 500).boxed().collect(Collectors.toList());
        long sum = keys.parallelStream().mapToLong(CompletedJoin::price).sum()
                + keys.parallelStream().mapToLong(k -> checked(k, failures)).sum();
        System.out.println("checksum=" + sum);
    }
}
