package corpus.blockingincommonpool.negative.computeonly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A parallel stream that only computes, and file reads in a sequential stream: nothing blocks the common pool. */
public class ComputeOnly {

    static long mix(long x) {
        for (int i = 0; i < 100; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    public static void main(String[] args) throws IOException {
        long mixed = IntStream.range(0, 10_000).parallel().mapToLong(ComputeOnly::mix).sum();
        Path file = Files.createTempFile("computeonly", ".txt");
        Files.write(file, "a\nbb\nccc\n".getBytes());
        List<Path> files = List.of(file, file);
        long lines = files.stream().mapToLong(p -> {
            try {
                return Files.readAllLines(p).size();
            } catch (IOException e) {
                return -1;
            }
        }).sum();
        List<String> words = List.of("x", "yy").parallelStream().map(String::toUpperCase).collect(Collectors.toList());
        Files.delete(file);
        System.out.println("checksum=" + (mixed + lines + words.size()));
    }
}
