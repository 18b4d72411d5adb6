import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import edu.hw9.task2.FileSystemFinder;

/**
 * Workload for Pacan4ik/TinkoffCourse's FileSystemFinder (a RecursiveTask per directory). Written for
 * fjdoctor; only calls the project's public API. Builds a directory tree once per JVM (depth, fan-out,
 * files per directory), then searches it `rounds` times for .txt files and for directories holding more
 * than 3 files. Arguments: depth, fan-out, files per directory, rounds. Prints a checksum of the results.
 */
public class Driver {

    private static Path tree;

    public static void main(String[] args) throws IOException {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int fanOut = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int files = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int threads = Integer.getInteger("fjdoctor.threads", Runtime.getRuntime().availableProcessors());
        if (tree == null) {
            tree = Files.createTempDirectory("fjdoctor-finder");
            build(tree, depth, fanOut, files);
            Runtime.getRuntime().addShutdownHook(new Thread(Driver::delete));
        }
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            List<Path> found = FileSystemFinder.findFiles(tree, f -> f.getName().endsWith(".txt"), threads);
            List<Path> dirs = FileSystemFinder.findDirectoriesWithMoreThanNFiles(tree, 3, threads);
            checksum = checksum * 31 + found.size() * 1_000_003L + dirs.size()
                    + found.stream().mapToLong(p -> tree.relativize(p).toString().hashCode()).sum();
        }
        System.out.println("checksum=" + checksum);
    }

    private static void build(Path dir, int depth, int fanOut, int files) throws IOException {
        for (int f = 0; f < files; f++) {
            Files.writeString(dir.resolve("f" + f + (f % 2 == 0 ? ".txt" : ".bin")), "x");
        }
        if (depth > 0) {
            for (int d = 0; d < fanOut; d++) {
                Path sub = Files.createDirectory(dir.resolve("d" + d));
                build(sub, depth - 1, fanOut, files);
            }
        }
    }

    private static void delete() {
        try (var paths = Files.walk(tree)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary tree: nothing else to do
        }
    }
}
