package org.fjdoctor.analyzer.source;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;

/**
 * Finds and reads the {@code .java} files under the roots. Every file that cannot be used becomes a
 * {@link FileProblem}; nothing here throws for a bad file, so one bad file never stops a scan.
 */
public final class SourceCollector {

    /** Build output and tool metadata: scanning them would report generated or duplicate code. */
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", ".hg", ".svn", ".idea", ".gradle", "target",
            "node_modules");

    public record Collected(List<SourceFile> files, List<FileProblem> problems) {
    }

    private final SourceSet sourceSet;
    private final TreeMap<String, SourceFile> files = new TreeMap<>();
    private final List<FileProblem> problems = new ArrayList<>();
    private final Set<Path> seenRealPaths = new HashSet<>();
    /** Where the roots really are: a symbolic link is followed only to a place below one of them. */
    private final List<Path> realRoots = new ArrayList<>();

    private SourceCollector(SourceSet sourceSet) {
        this.sourceSet = sourceSet;
    }

    /**
     * @throws NoSuchFileException when a root does not exist (a usage error, unlike a bad file)
     */
    public static Collected collect(SourceSet sourceSet) throws NoSuchFileException {
        SourceCollector collector = new SourceCollector(sourceSet);
        for (Path root : sourceSet.roots()) {
            if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
                throw new NoSuchFileException(root.toString(), null, "no such file or directory");
            }
        }
        for (Path root : sourceSet.roots()) {
            try {
                collector.realRoots.add(root.toRealPath());
            } catch (IOException e) {
                // an unreadable root is reported when it is walked
            }
        }
        for (Path root : sourceSet.roots()) {
            collector.walk(root);
        }
        List<FileProblem> problems = new ArrayList<>(collector.problems);
        problems.sort((a, b) -> a.relativePath().compareTo(b.relativePath()));
        return new Collected(List.copyOf(collector.files.values()), problems);
    }

    private void walk(Path root) {
        Path absoluteRoot = root.toAbsolutePath().normalize();
        if (sourceSet.exclusions().excludes(absoluteRoot)) {
            return;
        }
        if (!Files.isDirectory(absoluteRoot)) {
            visitFile(absoluteRoot, display(root, absoluteRoot.getParent(), absoluteRoot),
                    absoluteRoot.getFileName().toString());
            return;
        }
        try {
            Files.walkFileTree(absoluteRoot, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                            if (!dir.equals(absoluteRoot) && outsideRoots(dir)) {
                                problems.add(new FileProblem(dir, display(root, absoluteRoot, dir), Kind.SYMLINK_OUTSIDE,
                                        "symbolic link to a directory outside the given paths; not followed", false));
                                return FileVisitResult.SKIP_SUBTREE;
                            }
                            boolean skipped = !dir.equals(absoluteRoot)
                                    && (SKIPPED_DIRECTORIES.contains(dir.getFileName().toString())
                                            || sourceSet.exclusions().excludes(dir));
                            return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            if (file.getFileName().toString().endsWith(".java") && !sourceSet.exclusions().excludes(file)) {
                                String below = SlashPath.of(absoluteRoot.relativize(file));
                                SourceCollector.this.visitFile(file, display(root, absoluteRoot, file), below);
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            String below = SlashPath.of(absoluteRoot.relativize(file));
                            if (e instanceof FileSystemLoopException) {
                                problems.add(new FileProblem(file, display(root, absoluteRoot, file), Kind.SYMLINK_LOOP,
                                        "symbolic link loop: " + below + " leads back to a directory above it; not followed",
                                        false));
                            } else if (file.getFileName() != null && file.getFileName().toString().endsWith(".java")
                                    || !Files.isSymbolicLink(file)) {
                                problems.add(new FileProblem(file, display(root, absoluteRoot, file), Kind.UNREADABLE,
                                        "cannot read: " + describe(e), false));
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            problems.add(new FileProblem(absoluteRoot, root.toString(), Kind.UNREADABLE, "cannot read: " + describe(e), false));
        }
    }

    /** A directory reached through a symbolic link that leads out of every root. */
    private boolean outsideRoots(Path dir) {
        try {
            Path real = dir.toRealPath();
            return realRoots.stream().noneMatch(real::startsWith);
        } catch (IOException e) {
            return false; // reported when its files are read
        }
    }

    private static String display(Path root, Path absoluteRoot, Path file) {
        String below = SlashPath.of(absoluteRoot.relativize(file));
        String given = java.io.File.separatorChar == '\\' ? root.toString().replace('\\', '/') : root.toString();
        if (Files.isDirectory(root) || !file.equals(root.toAbsolutePath().normalize())) {
            if (given.equals(".") || given.isEmpty()) {
                return below;
            }
            return given.endsWith("/") ? given + below : given + "/" + below;
        }
        return given;
    }

    private void visitFile(Path file, String display, String rootRelative) {
        if (Files.isSymbolicLink(file) && !Files.exists(file)) {
            problems.add(new FileProblem(file, display, Kind.UNREADABLE,
                    "cannot read: broken symbolic link", false));
            return;
        }
        if (!Files.isRegularFile(file)) {
            problems.add(new FileProblem(file, display, Kind.NOT_REGULAR_FILE,
                    "not a regular file (a device, pipe or socket); skipped", false));
            return;
        }
        try {
            Path real = file.toRealPath();
            if (realRoots.stream().noneMatch(real::startsWith)) {
                problems.add(new FileProblem(file, display, Kind.SYMLINK_OUTSIDE,
                        "symbolic link to a file outside the given paths; not read (fix never writes there)", false));
                return;
            }
            if (!seenRealPaths.add(real)) {
                return; // the same file reached twice through links
            }
            long size = Files.size(file);
            if (size > sourceSet.maxFileSize()) {
                problems.add(new FileProblem(file, display, Kind.TOO_LARGE, String.format(
                        "skipped: %,d bytes is more than the limit of %,d (raise it with --max-file-size)",
                        size, sourceSet.maxFileSize()), false));
                return;
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length == 0 || new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).isBlank()) {
                problems.add(new FileProblem(file, display, Kind.EMPTY, "empty file; nothing to analyze", false));
                return;
            }
            if (SourceDecoder.looksBinary(bytes)) {
                problems.add(new FileProblem(file, display, Kind.BINARY,
                        "binary content (NUL bytes), not Java source; skipped", false));
                return;
            }
            SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, sourceSet.encoding());
            if (decoded.fellBack()) {
                String tried = sourceSet.encoding() == null ? "UTF-8" : sourceSet.encoding().name();
                problems.add(new FileProblem(file, display, Kind.ENCODING,
                        "not valid " + tried + "; read as ISO-8859-1 (set --encoding if that is wrong)", true));
            }
            files.put(display, SourceFile.of(file, display, rootRelative, decoded.text(), decoded.charset(),
                    decoded.byteOrderMark()));
        } catch (IOException | SecurityException e) {
            problems.add(new FileProblem(file, display, Kind.UNREADABLE, "cannot read: " + describe(e), false));
        }
    }

    private static String describe(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
