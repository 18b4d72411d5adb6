package org.fjdoctor.cli.fix;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.analyzer.source.SlashPath;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.diff.UnifiedDiff;
import org.fjdoctor.reports.Git;
import org.fjdoctor.reports.Printable;

/**
 * The text a fix run ends with: what was applied per rule, the line counts, what was skipped and why;
 * paths and details from the code are {@linkplain Printable escaped} for the terminal.
 */
public final class FixSummary {

    private FixSummary() {
    }

    /**
     * The path a diff shows for a file: below the top of its git work tree, so that {@code git apply} works
     * from there whatever directory fjdoctor ran in; outside git, below the scanned root.
     */
    public static String diffPath(SourceFile file) {
        Path absolute = file.path().toAbsolutePath().normalize();
        return Git.dotGitAbove(absolute.getParent())
                .map(top -> SlashPath.of(absolute.subpath(top.getNameCount(), absolute.getNameCount())))
                .orElse(file.rootRelative());
    }

    /**
     * The unified diff of every changed file, in path order, as {@code git apply} reads it: each file's
     * lines in its own charset with its byte order mark.
     */
    public static byte[] diff(FixSession.Outcome outcome) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TreeMap<>(byDisplay(outcome)).forEach((display, path) -> {
            SourceFile original = outcome.originals().get(path);
            out.writeBytes(UnifiedDiff.of(display, original.text(), outcome.rewritten().get(path), original.charset(),
                    original.byteOrderMark()));
        });
        return out.toByteArray();
    }

    private static Map<String, Path> byDisplay(FixSession.Outcome outcome) {
        Map<String, Path> byDisplay = new TreeMap<>();
        outcome.rewritten().keySet().forEach(path -> byDisplay.put(diffPath(outcome.originals().get(path)), path));
        return byDisplay;
    }

    /**
     * @param outcome    what to count: after writing, only what was written
     *                   ({@link org.fjdoctor.refactorings.pipeline.FixWriter.Result#written()})
     * @param verb       "applied" or "would apply"
     * @param notWritten files whose fixes were planned and verified but could not be written
     */
    public static void print(FixSession.Outcome outcome, String verb, List<String> notWritten, PrintWriter out) {
        print(outcome, verb, notWritten, out, false);
    }

    /** @param relative show paths below the analyzed root instead of as given */
    public static void print(FixSession.Outcome outcome, String verb, List<String> notWritten, PrintWriter out,
                             boolean relative) {
        int files = outcome.rewritten().size();
        UnifiedDiff.Stats stats = outcome.stats();
        String unwritten = notWritten.isEmpty() ? ""
                : "; " + plural(notWritten.size(), "file", "files") + " not written (listed below)";
        if (outcome.applied().isEmpty()) {
            out.println("fjdoctor fix: no fixes " + (verb.startsWith("would") ? "to apply" : "applied") + unwritten);
        } else {
            out.println("fjdoctor fix: " + verb + " " + plural(outcome.applied().size(), "fix", "fixes") + " in "
                    + plural(files, "file", "files") + " (" + stats.added() + " lines added, " + stats.removed()
                    + " removed)" + unwritten);
            Map<String, Integer> perRule = new TreeMap<>();
            outcome.applied().forEach(a -> perRule.merge(a.fix().ruleId(), 1, Integer::sum));
            perRule.forEach((rule, count) -> out.println("  " + rule + ": " + plural(count, "fix", "fixes")));
            int alsoFixed = outcome.applied().stream().mapToInt(a -> a.alsoFixed().size()).sum();
            if (alsoFixed > 0) {
                out.println("  and " + plural(alsoFixed, "further finding", "further findings")
                        + " removed by the same edits as another finding's fix");
            }
        }
        for (String failure : notWritten) {
            out.println("  not written: " + Printable.escape(failure));
        }
        if (!outcome.skipped().isEmpty()) {
            Map<FixSession.Reason, List<FixSession.Skipped>> byReason = new TreeMap<>();
            outcome.skipped().forEach(s -> byReason.computeIfAbsent(s.reason(), r -> new ArrayList<>()).add(s));
            out.println("skipped " + plural(outcome.skipped().size(), "finding", "findings") + ":");
            byReason.forEach((reason, list) -> {
                out.println("  " + reason.label() + " (" + list.size() + "):");
                for (FixSession.Skipped s : list) {
                    out.println("    " + Printable.escape((relative ? outcome.relativeLocation(s.finding())
                            : s.finding().location().display()) + " [" + s.finding().ruleId() + "] " + s.detail()));
                }
            });
        }
        if (!outcome.applied().isEmpty()) {
            out.println("verified at " + outcome.levels() + ": " + plural(files, "changed file", "changed files")
                    + " re-parsed; " + outcome.compilation().description());
        }
        out.flush();
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
