package org.fjdoctor.refactorings;

import java.util.List;

/**
 * One way to remove one finding: text edits against the original files, with a safety level.
 *
 * @param ruleId      the rule whose finding this fixes
 * @param fingerprint the fixed finding's fingerprint
 * @param title       what the fix does, in a line (shown in summaries, commit messages, quick fixes)
 * @param safety      SAFE (applied by {@code fix}) or REVIEW
 * @param why         why the rewrite preserves behaviour, or why it needs a review
 */
public record Fix(String ruleId, String fingerprint, String title, Safety safety, String why, List<TextEdit> edits) {

    public Fix {
        edits = List.copyOf(edits);
        if (edits.isEmpty()) {
            throw new IllegalArgumentException("a fix needs at least one edit");
        }
    }
}
