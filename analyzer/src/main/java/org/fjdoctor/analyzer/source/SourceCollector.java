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
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

    /** When a file was last modified and how long it was, as the walk saw it before reading it. */
    public record Stamp(FileTime modified, long size) {
    }

    /**
     * What a walk read, with each read file's {@link Stamp}: the next walk reads again only the files whose
     * stamp moved (or that it is told to), and takes the others' texts from here.
     */
    public record Snapshot(Collected collected, Map<Path, Stamp> stamps) {
        /** Nothing read yet: a walk from it reads every file. */
        public static final Snapshot NONE = new Snapshot(new Collected(List.of(), List.of()), Map.of());

        public Snapshot {
            stamps = Map.copyOf(stamps);
        }
    }

    private final SourceSet sourceSet;
    private final TreeMap<String, SourceFile> files = new TreeMap<>();
    private final List<FileProblem> problems = new ArrayList<>();
    private final Set<Path> seenRealPaths = new HashSet<>();
    private final Map<Path, Stamp> stamps = new HashMap<>();
    /** The texts of the last walk by path, or empty. */
    private final Map<Path, SourceFile> known = new HashMap<>();
    private final Map<Path, Stamp> knownStamps;
    /** Files read whatever their stamp says (a save within the clock's resolution keeps the stamp). */
    private final Set<Path> readAnyway;
    /** Where the roots really are: a symbolic link is followed only to a place below one of them. */
    private final List<Path> realRoots = new ArrayList<>();

    private SourceCollector(SourceSet sourceSet, Snapshot previous, Set<Path> readAnyway) {
        this.sourceSet = sourceSet;
        previous.collected().files().forEach(file -> known.put(file.path(), file));
        this.knownStamps = previous.stamps();
        this.readAnyway = readAnyway;
    }

    /**
     * @throws NoSuchFileException when a root does not exist (a usage error, unlike a bad file)
     */
    public static Collected collect(SourceSet sourceSet) throws NoSuchFileException {
        return collect(sourceSet, Snapshot.NONE, Set.of()).collected();
    }

    /**
     * Walks the roots as {@link #collect(SourceSet)} does, but reads only the files that are not in
     * {@code previous}, whose modification time or size differs from its stamp there, or that are in
     * {@code readAnyway}; every other file's text is {@code previous}'s. What the walk finds is the same:
     * files created or deleted since, and the problems of the files read.
     *
     * @throws NoSuchFileException when a root does not exist (a usage error, unlike a bad file)
     */
    public static Snapshot collect(SourceSet sourceSet, Snapshot previous, Set<Path> readAnyway)
            throws NoSuchFileException {
        SourceCollector collector = new SourceCollector(sourceSet, previous, readAnyway);
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
        return new Snapshot(new Collected(List.copyOf(collector.files.values()), problems), collector.stamps);
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
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            long size = attributes.size();
            Stamp stamp = new Stamp(attributes.lastModifiedTime(), size);
            SourceFile unchanged = known.get(file);
            if (unchanged != null && stamp.equals(knownStamps.get(file)) && !readAnyway.contains(file)
                    && unchanged.display().equals(display)) {
                files.put(display, unchanged);
                stamps.put(file, stamp);
                return;
            }
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
            if (!decoded.fellBack()) {
                // A file read with a problem is read again each time, so that its problem is reported again.
                stamps.put(file, stamp);
            }
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
