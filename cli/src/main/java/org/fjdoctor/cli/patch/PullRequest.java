package org.fjdoctor.cli.patch;

import java.io.IOException;
import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.refactorings.diff.UnifiedDiff;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.refactorings.pipeline.Verifier;

/**
 * {@code PULL_REQUEST.md}: what was found, why it costs, the evidence, the diff stats, what was verified.
 * Paths, messages and names from the repository are {@linkplain Markdown inert text}.
 */
final class PullRequest {

    private PullRequest() {
    }

    /**
     * @param base      the base as the user named it, and its commit
     * @param patches   the file names git format-patch wrote
     * @param evidence  measured figures, or null
     */
    static String markdown(String branch, String base, String baseCommit, List<RuleCommit> commits,
                           FixSession.Outcome outcome, List<String> patches, Evidence evidence) throws IOException {
        StringBuilder md = new StringBuilder();
        int fixes = commits.stream().mapToInt(c -> c.fixes().size()).sum();
        UnifiedDiff.Stats total = outcome.stats();
        md.append("# Remove ").append(fixes).append(fixes == 1 ? " fork/join bottleneck" : " fork/join bottlenecks")
                .append(" found by fjdoctor\n\n");
        md.append("This change applies ").append(fixes).append(fixes == 1 ? " fix" : " fixes").append(" in ")
                .append(commits.size()).append(commits.size() == 1 ? " commit" : " commits")
                .append(" (one per rule) on top of ").append(Markdown.code(base)).append(" (").append(baseCommit, 0, 12)
                .append("), ").append(outcome.rewritten().size()).append(outcome.rewritten().size() == 1 ? " file, " : " files, ").append(total.added())
                .append(" lines added and ").append(total.removed()).append(" removed. It was prepared on branch ")
                .append(Markdown.code(branch)).append(" in a temporary clone and never pushed; apply it with `git am *.patch`.\n\n");

        md.append("## What was found\n\n");
        for (RuleCommit commit : commits) {
            md.append("### ").append(heading(commit)).append("\n\n");
            for (FixSession.Applied applied : commit.fixes()) {
                md.append("- ").append(Markdown.code(outcome.relativeLocation(applied.finding()))).append(": ")
                        .append(Markdown.text(firstSentence(applied.finding()))).append("\n  Fix: ")
                        .append(Markdown.text(applied.fix().title()))
                        .append(applied.fix().safety() == org.fjdoctor.refactorings.Safety.REVIEW
                                ? " (**REVIEW**: " + Markdown.text(applied.fix().why()) + ")" : "")
                        .append('\n');
            }
            md.append('\n');
        }
        if (!outcome.skipped().isEmpty()) {
            md.append("Not changed here (").append(outcome.skipped().size()).append("):\n\n");
            for (FixSession.Skipped skipped : outcome.skipped()) {
                md.append("- ").append(Markdown.code(outcome.relativeLocation(skipped.finding()))).append(" [")
                        .append(skipped.finding().ruleId()).append("] ").append(skipped.reason().label())
                        .append(": ").append(Markdown.text(skipped.detail())).append('\n');
            }
            md.append('\n');
        }

        md.append("## Why it costs time and energy\n\n");
        for (RuleCommit commit : commits) {
            md.append("**").append(heading(commit)).append(".** ")
                    .append(commit.info() == null ? "" : commit.info().rationale()).append("\n\n");
        }

        md.append("## Evidence\n\n");
        md.append(evidence == null
                ? "No measurements were given for this repository (run `fjdoctor measure` and pass its JSON with"
                        + " `--evidence FILE`); the figures above are from the published studies behind the rules.\n"
                : evidence.markdown());
        md.append('\n');

        md.append("## Diff stats\n\n| commit | fix | location | added | removed |\n|---|---|---|---:|---:|\n");
        for (int i = 0; i < commits.size(); i++) {
            for (FixSession.Applied applied : commits.get(i).fixes()) {
                UnifiedDiff.Stats stats = outcome.stats(applied.fix());
                md.append("| ").append(i < patches.size() ? Markdown.cellCode(patches.get(i)) : String.valueOf(i + 1))
                        .append(" | ").append(Markdown.text(applied.fix().title())).append(" | ")
                        .append(Markdown.cellCode(outcome.relativeLocation(applied.finding()))).append(" | ").append(stats.added())
                        .append(" | ").append(stats.removed()).append(" |\n");
            }
        }
        md.append("| **total** | | | ").append(total.added()).append(" | ").append(total.removed()).append(" |\n\n");

        md.append("## Verification\n\n");
        md.append("- parsed: ").append(outcome.rewritten().size() == 1 ? "the changed file parses"
                : "all " + outcome.rewritten().size() + " changed files parse").append('\n');
        md.append("- compiled: ").append(outcome.compilation() == Verifier.Compilation.COMPILED
                ? "yes, with javac against the project's classpath" : outcome.compilation().description()).append('\n');
        md.append("- tests: not run\n");
        return md.toString();
    }

    private static String heading(RuleCommit commit) {
        return commit.info() == null ? commit.ruleId()
                : commit.info().code() + " " + commit.info().id() + ": " + commit.info().title();
    }

    private static String firstSentence(Finding finding) {
        String message = finding.message().strip();
        int end = message.indexOf(". ");
        return end > 0 ? message.substring(0, end + 1) : message;
    }
}
