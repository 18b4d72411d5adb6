package org.fjdoctor.reports;

/**
 * A report that shows only the findings on lines changed since a git revision ({@code --changed-since}).
 *
 * @param ref      the revision, as given
 * @param shown    findings on changed lines (after any baseline)
 * @param notShown findings elsewhere, left out of the report
 */
public record ChangedSince(String ref, int shown, int notShown) {

    /** {@code 2 findings on lines changed since origin/main; 5 others not shown}. */
    public String describe() {
        return Labels.plural(shown, "finding") + " on lines changed since " + Printable.escape(ref) + "; "
                + notShown + (notShown == 1 ? " other" : " others") + " not shown";
    }
}
