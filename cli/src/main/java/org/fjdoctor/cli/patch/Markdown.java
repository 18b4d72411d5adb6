package org.fjdoctor.cli.patch;

import org.fjdoctor.reports.Printable;

/**
 * Text from the repository or from an evidence file, made inert in {@code PULL_REQUEST.md}: whatever it
 * holds, it renders as the characters it is. No heading, list, link, image or HTML can form from it, and
 * it cannot leave the code span or table cell it is put in. Control and invisible characters are first
 * made {@linkplain Printable visible}, so no newline is left to start a line of its own.
 */
final class Markdown {

    /** What could start a link, image, autolink, HTML tag, entity or code span, or end a table cell. */
    private static final String ACTIVE = "\\`|<>&[]()!";

    private Markdown() {
    }

    /** Plain text for a sentence or a table cell, every {@link #ACTIVE} character escaped with a backslash. */
    static String text(String text) {
        String visible = Printable.escape(text);
        StringBuilder out = new StringBuilder(visible.length() + 8);
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            if (ACTIVE.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * An inline code span: fenced by more backticks than the longest run inside it (and padded with a
     * space where the text starts or ends with a backtick or space), so the text cannot close it early.
     */
    static String code(String text) {
        String visible = Printable.escape(text);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < visible.length(); i++) {
            run = visible.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = !visible.isEmpty() && (visible.startsWith("`") || visible.endsWith("`")
                || visible.startsWith(" ") && visible.endsWith(" "));
        String space = pad ? " " : "";
        return fence + space + visible + space + fence;
    }

    /** A code span in a table cell: GitHub ends the cell at a {@code |} even inside a code span unless escaped. */
    static String cellCode(String text) {
        return code(text).replace("|", "\\|");
    }
}
