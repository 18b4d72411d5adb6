package corpus.blockingincommonpool.positive.filelines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Counts the lines of a set of files with a parallel stream: every read holds a common-pool worker. */
public class FileLines {

    static long countLines(Path file) {
        try {
            return Files.readAllLines(file).size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("filelines");
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Path file = dir.resolve("f" + i + ".txt");
            Files.write(file, String.join("\n", java.util.Collections.nCopies(i + 3, "line")).getBytes());
            files.add(file);
        }
        long total = files.parallelStream().mapToLong(FileLines::countLines).sum(); // expect: blocking-in-common-pool
        for (Path file : files) {
            Files.delete(file);
        }
        Files.delete(dir);
        System.out.println("checksum=" + total);
    }
}
