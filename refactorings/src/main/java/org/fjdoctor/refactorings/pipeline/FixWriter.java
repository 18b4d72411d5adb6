package org.fjdoctor.refactorings.pipeline;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Writes the verified texts of a fix session file by file. A file that cannot be written (deleted or
 * changed since the analysis, read-only, a full disk) is reported with its reason and the others are
 * still written: one bad file must not leave the rest unfixed without a word.
 */
public final class FixWriter {

    /** A changed file that was not written, and why in plain words. */
    public record NotWritten(SourceFile file, String reason) {
        @Override
        public String toString() {
            return file.display() + ": " + reason;
        }
    }

    /**
     * @param written    the outcome restricted to the files that were written (what a summary counts)
     * @param notWritten the files that were not, in the order they were tried
     */
    public record Result(FixSession.Outcome written, List<NotWritten> notWritten) {
    }

    private FixWriter() {
    }

    /**
     * @param roots the paths that were analyzed; a file whose real path lies outside all of them (reached
     *              through a symbolic link) is not written. Empty: no such check.
     */
    public static Result write(FixSession.Outcome outcome, List<Path> roots) {
        Set<Path> written = new LinkedHashSet<>();
        List<NotWritten> notWritten = new ArrayList<>();
        for (Map.Entry<Path, String> file : outcome.rewritten().entrySet()) {
            SourceFile original = outcome.originals().get(file.getKey());
            try {
                if (!roots.isEmpty() && !inside(original.path(), roots)) {
                    notWritten.add(new NotWritten(original, "outside the given paths (through a symbolic link)"));
                    continue;
                }
                SourceWriter.write(original, file.getValue());
                written.add(file.getKey());
            } catch (NoSuchFileException e) {
                notWritten.add(new NotWritten(original, "file no longer exists"));
            } catch (IOException e) {
                notWritten.add(new NotWritten(original, WriteFailure.reason(e)));
            }
        }
        return new Result(outcome.restrictedTo(written), notWritten);
    }

    /** The analysis reads no file through a link out of the paths; this keeps it so for writing. */
    private static boolean inside(Path file, List<Path> roots) throws IOException {
        Path real = file.toRealPath();
        for (Path root : roots) {
            if (real.startsWith(root.toRealPath())) {
                return true;
            }
        }
        return false;
    }
}
