package org.fjdoctor.cli.fix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.reports.Git;

/**
 * The guard of {@code fix}: which of the files it would change git reports as not committed, and which
 * git could not answer for. A file below a {@code .git} whose git fails (git not installed, a repository
 * of "dubious ownership", a damaged {@code .git}) counts as unchecked, not as clean: its uncommitted work
 * could be lost just the same.
 *
 * @param dirty     modified, staged or untracked files
 * @param unchecked files in a work tree git could not check, each with git's reason
 */
record UncommittedChanges(List<String> dirty, List<String> unchecked) {

    static UncommittedChanges of(FixSession.Outcome outcome) {
        List<String> dirty = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        Map<Path, Git.Result> topOf = new HashMap<>(); // per directory: git's answer, once
        for (Path path : outcome.rewritten().keySet()) {
            Path file = path.toAbsolutePath().normalize();
            String display = outcome.originals().get(path).display();
            if (!Files.exists(file)) {
                continue; // deleted since the analysis: the writer reports it, and nothing of it can be lost
            }
            try {
                Git.Result top = topOf.containsKey(file.getParent()) ? topOf.get(file.getParent())
                        : topLevel(file.getParent());
                topOf.put(file.getParent(), top);
                if (top == null) {
                    continue; // not in a git work tree: nothing to check against
                }
                Git.Result status = top.ok()
                        ? new Git(Path.of(top.out().strip())).run("status", "--porcelain", "--", file.toString())
                        : top;
                if (!status.ok()) {
                    unchecked.add(display + " (git: " + status.message() + ")");
                } else if (!status.out().isBlank()) {
                    dirty.add(display);
                }
            } catch (IOException e) {
                unchecked.add(display + " (" + e.getMessage() + ")");
            }
        }
        return new UncommittedChanges(dirty, unchecked);
    }

    /** What {@code git rev-parse --show-toplevel} says in {@code directory}; null when no .git is above it. */
    private static Git.Result topLevel(Path directory) throws IOException {
        return Git.dotGitAbove(directory).isPresent() ? new Git(directory).run("rev-parse", "--show-toplevel") : null;
    }
}
