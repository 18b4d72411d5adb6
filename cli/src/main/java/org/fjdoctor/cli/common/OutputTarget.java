package org.fjdoctor.cli.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The check every command makes of its {@code --output} before it writes anything: a report must never
 * replace one of the files it was made from ({@code scan -o src/Task.java} would turn an uncommitted
 * source file into JSON). The comparison is by real path, so a link or a {@code ..} does not hide an
 * input. {@code -} and {@code /dev/stdout} mean standard output: renaming a file over the system's link
 * would replace the link, and as a user fail instead of writing.
 */
public final class OutputTarget {

    private OutputTarget() {
    }

    /**
     * The file a report goes to, or empty for standard output.
     *
     * @param option how the option is called in messages ({@code --output})
     * @param inputs the command's inputs: files, and directories whose .java files are read
     * @throws IllegalArgumentException with the message for a usage error
     */
    public static Optional<Path> reportFile(String option, Path output, Collection<Path> inputs) {
        if (isStandardOutput(output)) {
            return Optional.empty();
        }
        if (Files.isDirectory(output)) {
            throw new IllegalArgumentException(option + " " + output + " is a directory; give a file name");
        }
        Path parent = output.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IllegalArgumentException(option + " " + output + ": directory " + parent + " does not exist");
        }
        checkNotAnInput(option, output, inputs);
        return Optional.of(output);
    }

    /**
     * Checks a directory the command writes {@code names} into (created when missing).
     *
     * @throws IllegalArgumentException with the message for a usage error
     */
    public static void directory(String option, Path dir, List<String> names, Collection<Path> inputs) {
        if (isStandardOutput(dir)) {
            throw new IllegalArgumentException(option + " needs a directory; standard output (" + dir
                    + ") cannot hold the files it writes");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException(option + " " + dir + " is not a directory");
        }
        for (String name : names) {
            checkNotAnInput(option, dir.resolve(name), inputs);
        }
    }

    public static boolean isStandardOutput(Path output) {
        String name = output.toString();
        return name.equals("-") || name.equals("/dev/stdout");
    }

    private static void checkNotAnInput(String option, Path output, Collection<Path> inputs) {
        Path target = realPath(output);
        boolean source = target.getFileName() != null && target.getFileName().toString().endsWith(".java");
        for (Path input : inputs) {
            Path real = realPath(input);
            boolean same = target.equals(real) || sameFile(output, input);
            if (same || (source && Files.isDirectory(real) && target.startsWith(real))) {
                throw new IllegalArgumentException(option + " " + output + (same
                        ? " is the input " + input + ": the report would replace it"
                        : " is a source file under the input " + input + ": the report would replace or add one")
                        + "; give another file");
            }
        }
    }

    /**
     * The real path of a file that may not exist yet: its directory's real path and its name, through any
     * link at the name itself (a link is written through, so its target is what gets replaced).
     */
    private static Path realPath(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            Path current = absolute;
            for (int i = 0; i < 40 && Files.isSymbolicLink(current); i++) {
                try {
                    current = current.resolveSibling(Files.readSymbolicLink(current)).toAbsolutePath().normalize();
                } catch (IOException unreadable) {
                    break;
                }
            }
            Path parent = current.getParent();
            try {
                return parent == null ? current : parent.toRealPath().resolve(current.getFileName());
            } catch (IOException noParent) {
                return current;
            }
        }
    }

    /** Hard links too: the same file under another name. */
    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
