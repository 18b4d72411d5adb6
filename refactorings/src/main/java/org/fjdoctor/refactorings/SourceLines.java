package org.fjdoctor.refactorings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.declaration.CtElement;

/**
 * Line arithmetic on a file's original text, shared by every rewrite: where lines start and end,
 * where a statement's semicolon is, the comment that trails it, and deleting a statement together
 * with its line so no blank line is left behind.
 */
public final class SourceLines {

    /** A line terminator: {@code \r\n}, {@code \n} or a lone {@code \r}, as the Java language specification says. */
    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\r|\n");

    /** The places just after a line terminator (never between the two characters of a {@code \r\n}). */
    private static final Pattern AFTER_LINE_BREAK = Pattern.compile("(?<=\n)|(?<=\r)(?!\n)");

    private SourceLines() {
    }

    /** The lines of {@code text}, each with its terminator; the last one without, if the text does not end with one. */
    public static String[] linesWithTerminators(String text) {
        return AFTER_LINE_BREAK.split(text);
    }

    /** {@code text} with {@code prefix} after every line terminator: the lines after the first move in. */
    public static String indentFollowingLines(String text, String prefix) {
        return LINE_BREAK.matcher(text).replaceAll("$0" + Matcher.quoteReplacement(prefix));
    }

    /** {@code text} with one {@code unit} taken from the start of every line after the first that begins with it. */
    public static String outdentFollowingLines(String text, String unit) {
        return Pattern.compile("(" + LINE_BREAK.pattern() + ")" + Pattern.quote(unit)).matcher(text).replaceAll("$1");
    }

    /** The offset where the line holding {@code offset} starts. */
    public static int lineStart(String text, int offset) {
        int start = offset;
        while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') {
            start--;
        }
        return start;
    }

    /** The offset of the line terminator (or the end of the text) at or after {@code offset}. */
    public static int lineEnd(String text, int offset) {
        int end = offset;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }

    /** The offset after the line terminator at {@code lineEnd} ({@code \n}, {@code \r\n} or {@code \r}). */
    public static int nextLineStart(String text, int lineEnd) {
        int next = lineEnd < text.length() && text.charAt(lineEnd) == '\r' ? lineEnd + 1 : lineEnd;
        return next < text.length() && text.charAt(next) == '\n' ? next + 1 : next;
    }

    /** Offset just past the statement's semicolon (Spoon's position may end before it), or -1 if there is none. */
    public static int statementEnd(String text, CtElement statement) {
        int end = statement.getPosition().getSourceEnd() + 1;
        if (text.charAt(end - 1) == ';') {
            return end;
        }
        int i = end;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i < text.length() && text.charAt(i) == ';' ? i + 1 : -1;
    }

    /** Offset just past a call's closing parenthesis (a statement's position may also cover its semicolon). */
    public static int callEnd(String text, CtElement call) {
        return text.lastIndexOf(')', call.getPosition().getSourceEnd()) + 1;
    }

    /**
     * The {@code // comment} that follows {@code offset} on its line (with the spaces before it), or an
     * empty string. Rewrites that turn one line into several keep it on the line of the original code.
     */
    public static String trailingComment(String text, int offset) {
        int i = offset;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return text.startsWith("//", i) ? text.substring(offset, lineEnd(text, i)) : "";
    }

    /**
     * Removes the statement (or import) with its whole line when it stands alone there, maybe followed by
     * a {@code //} comment (see {@link #deleteLines}); otherwise just the statement and its semicolon.
     */
    public static TextEdit delete(SourceFile file, CtElement statement) {
        String text = file.text();
        int start = statement.getPosition().getSourceStart();
        int end = statement.getPosition().getSourceEnd() + 1;
        if (end < text.length() && text.charAt(end) == ';') {
            end++;
        }
        int lineStart = lineStart(text, start);
        int lineEnd = lineEnd(text, end);
        String rest = text.substring(end, lineEnd).strip();
        if (!text.substring(lineStart, start).isBlank() || !(rest.isEmpty() || rest.startsWith("//"))) {
            return TextEdit.replace(file.path(), start, end, "");
        }
        return deleteLines(file.path(), text, lineStart, nextLineStart(text, lineEnd));
    }

    /**
     * Removes the whole lines {@code [lineStart, next)}; when a blank line stands on each side of them, the one
     * after goes too, so the removal leaves no doubled blank line.
     */
    public static TextEdit deleteLines(java.nio.file.Path file, String text, int lineStart, int next) {
        if (lineStart > 0 && next < text.length() && isBlankLine(text, previousLineStart(text, lineStart))
                && isBlankLine(text, next)) {
            return TextEdit.replace(file, lineStart, nextLineStart(text, lineEnd(text, next)), "");
        }
        return TextEdit.replace(file, lineStart, next, "");
    }

    /** The start of the line before the one starting at {@code lineStart} (which is not 0). */
    private static int previousLineStart(String text, int lineStart) {
        int end = lineStart - 1;
        if (end > 0 && text.charAt(end) == '\n' && text.charAt(end - 1) == '\r') {
            end--;
        }
        return lineStart(text, end);
    }

    private static boolean isBlankLine(String text, int lineStart) {
        return text.substring(lineStart, lineEnd(text, lineStart)).isBlank();
    }
}
