package corpus.blockingincommonpool.negative.custompoolstream;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;

/**
 * The file reads run in a parallel stream started by a task of a pool of their own: its workers run the
 * pipeline, so the common pool is never blocked.
 */
public class CustomPoolStream {

    static long size(Path file) {
        try {
            return Files.readAllBytes(file).length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException, ExecutionException {
        Path dir = Files.createTempDirectory("custompool");
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            files.add(Files.write(dir.resolve("f" + i), new byte[i * 10 + 1]));
        }
        ForkJoinPool io = new ForkJoinPool(4);
        long total = io.submit(() -> files.parallelStream().mapToLong(CustomPoolStream::size).sum()).get();
        io.shutdown();
        for (Path file : files) {
            Files.delete(file);
        }
        Files.delete(dir);
        System.out.println("checksum=" + total);
    }
}
