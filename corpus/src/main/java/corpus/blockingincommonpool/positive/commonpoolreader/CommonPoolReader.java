package corpus.blockingincommonpool.positive.commonpoolreader;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;

/** Reads a file in code submitted to the common pool itself. */
public class CommonPoolReader {

    static long sumOfLengths(Path file) throws IOException {
        long sum = 0;
        try (BufferedReader reader = new BufferedReader(new FileReader(file.toFile()))) {
            String line;
            while ((line = reader.readLine()) != null) {
                sum += line.length();
            }
        }
        return sum;
    }

    public static void main(String[] args) throws IOException, InterruptedException, ExecutionException {
        Path file = Files.createTempFile("reader", ".txt");
        Files.write(file, "alpha\nbeta\ngamma\ndelta\n".getBytes());
        ForkJoinPool pool = ForkJoinPool.commonPool();
        Future<Long> lengths = pool.submit(() -> sumOfLengths(file)); // expect: blocking-in-common-pool
        long checksum = lengths.get();
        Files.delete(file);
        System.out.println("checksum=" + checksum);
    }
}
