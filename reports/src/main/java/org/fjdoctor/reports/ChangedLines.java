package org.fjdoctor.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;

/**
 * The lines of the work tree that changed since a git revision ({@code --changed-since}): what
 * {@code git diff REF} adds or changes (so uncommitted and staged edits count) and every line of an
 * untracked file. Keyed by real path, so findings match whatever way the scanned paths were written.
 * A finding touches the changed lines when its location, a related location or a call-path step (also
 * related locations) covers one of them: what a review of those lines should be told about.
 */
public final class ChangedLines {

    /** REF is not a revision, a path is not in a git work tree, or git failed: git's message says which. */
    public static final class ChangedLinesException extends Exception {
        private static final long serialVersionUID = 1L;

        ChangedLinesException(String message) {
            super(message);
        }
    }

    private final String ref;
    private final Map<Path, BitSet> lines = new HashMap<>();
    private final Set<Path> wholeFiles = new HashSet<>();
    private final Map<Path, Path> realPaths = new HashMap<>();

    private ChangedLines(String ref) {
        this.ref = ref;
    }

    /** The lines changed since {@code ref} in the git work trees holding {@code paths}. */
    public static ChangedLines since(String ref, List<Path> paths) throws ChangedLinesException {
        if (ref.isBlank() || ref.startsWith("-")) {
            throw new ChangedLinesException("not a git revision: '" + Printable.escape(ref) + "'");
        }
        ChangedLines changed = new ChangedLines(ref);
        for (Path top : topLevels(paths)) {
            Git git = new Git(top);
            String where = Printable.escape(top.toString());
            // A repository's textconv and external diff drivers are commands, so they stay off; the explicit
            // prefixes and --no-relative undo diff.noPrefix, diff.mnemonicPrefix and diff.relative.
            String diff = run(git, "cannot compare the work tree " + where + " with " + Printable.escape(ref),
                    "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv", "--find-renames",
                    "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", "--end-of-options", ref, "--");
            String untracked = run(git, "cannot list the untracked files of " + where, "ls-files", "--others",
                    "--exclude-standard", "-z");
            changed.add(top, DiffHunks.parse(diff), List.of(untracked.split("\0")));
        }
        return changed;
    }

    /** {@code changes} and the {@code untracked} files, their paths relative to the work tree {@code top}. */
    public static ChangedLines of(String ref, Path top, DiffHunks.Changes changes, Collection<String> untracked) {
        ChangedLines changed = new ChangedLines(ref);
        changed.add(top, changes, untracked);
        return changed;
    }

    private void add(Path top, DiffHunks.Changes changes, Collection<String> untracked) {
        Path root = real(top);
        changes.lines().forEach((file, set) -> lines.computeIfAbsent(root.resolve(file).normalize(),
                f -> new BitSet()).or(set));
        changes.wholeFiles().forEach(file -> wholeFiles.add(root.resolve(file).normalize()));
        untracked.stream().filter(file -> !file.isEmpty())
                .forEach(file -> wholeFiles.add(root.resolve(file).normalize()));
    }

    /** The top directories of the work trees holding {@code paths}, each once. */
    private static Set<Path> topLevels(List<Path> paths) throws ChangedLinesException {
        Set<Path> tops = new LinkedHashSet<>();
        for (Path path : paths) {
            Path absolute = path.toAbsolutePath().normalize();
            Path directory = Files.isDirectory(absolute) || absolute.getParent() == null ? absolute
                    : absolute.getParent();
            String top = run(new Git(directory), Printable.escape(path.toString()) + " is not in a git work tree",
                    "rev-parse", "--show-toplevel");
            tops.add(Path.of(top.strip()));
        }
        return tops;
    }

    private static String run(Git git, String failure, String... args) throws ChangedLinesException {
        try {
            Git.Result result = git.run(args);
            if (!result.ok()) {
                throw new ChangedLinesException(failure + " (git: " + result.message() + ")");
            }
            return result.out();
        } catch (IOException e) {
            throw new ChangedLinesException(failure + " (" + e.getMessage() + ")");
        }
    }

    /** The revision the lines changed since, as given. */
    public String ref() {
        return ref;
    }

    /** Whether a line from {@code location.line()} to {@code location.endLine()} changed. */
    public boolean touches(Location location) {
        Path file = real(location.file());
        if (wholeFiles.contains(file)) {
            return true;
        }
        BitSet changed = lines.get(file);
        if (changed == null) {
            return false;
        }
        int next = changed.nextSetBit(location.line());
        return next >= 0 && next <= Math.max(location.line(), location.endLine());
    }

    /** Whether the finding's location or one of its related locations (call-path steps too) changed. */
    public boolean touches(Finding finding) {
        return touches(finding.location())
                || finding.related().stream().map(RelatedLocation::location).anyMatch(this::touches);
    }

    /** The findings that touch a changed line, in their order. */
    public List<Finding> filter(List<Finding> findings) {
        return findings.stream().filter(this::touches).toList();
    }

    private Path real(Path file) {
        Path known = realPaths.get(file);
        if (known == null) {
            known = realPathOf(file.toAbsolutePath().normalize());
            realPaths.put(file, known);
        }
        return known;
    }

    /** The real path, or for a file that is gone, its real directory's entry. */
    private static Path realPathOf(Path absolute) {
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            Path parent = absolute.getParent();
            return parent == null ? absolute : realPathOf(parent).resolve(absolute.getFileName());
        }
    }
}
