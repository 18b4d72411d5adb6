package org.fjdoctor.refactorings;

import java.util.LinkedHashMap;
import java.util.Map;

import spoon.reflect.declaration.CtElement;

/**
 * Documenting new parameters the way the file documents its own: a rewrite that gives a documented
 * constructor (or its new twin) more parameters adds an {@code @param} line for each, after the last
 * {@code @param} (else before the first block tag, else at the end of the comment), with the
 * comment's own line prefix.
 */
public final class Javadocs {

    private Javadocs() {
    }

    /**
     * The offsets {@code [start, end)} of the Javadoc comment of the declaration {@code element}, or
     * {@code null}. Read from the text (the model is built without comments): the comment the
     * declaration's position starts with, or the one right before it with only whitespace between.
     */
    public static int[] of(String text, CtElement element) {
        int start = element.getPosition().getSourceStart();
        if (text.startsWith("/**", start)) {
            int close = text.indexOf("*/", start + 3);
            return close < 0 ? null : new int[] {start, close + 2};
        }
        int before = start;
        while (before > 0 && Character.isWhitespace(text.charAt(before - 1))) {
            before--;
        }
        int open = before >= 2 && text.startsWith("*/", before - 2) ? text.lastIndexOf("/**", before - 2) : -1;
        return open < 0 || text.substring(open + 3, before - 2).contains("*/") ? null : new int[] {open, before};
    }

    /** Parameter names to their descriptions, in the order they are declared. */
    public static Map<String, String> params(String... namesAndDescriptions) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i + 1 < namesAndDescriptions.length; i += 2) {
            params.put(namesAndDescriptions[i], namesAndDescriptions[i + 1]);
        }
        return params;
    }

    /**
     * The insertion into {@code text} (the file's text) that documents {@code params} in the multi-line
     * Javadoc at {@code doc} (as {@link #of} gives it), or {@code null} when the comment is on one line.
     */
    public static TextEdit addParams(java.nio.file.Path file, String text, int[] doc, Map<String, String> params,
                                     String sep) {
        int start = doc[0];
        int end = doc[1];
        int firstLineEnd = SourceLines.lineEnd(text, start);
        if (firstLineEnd >= end) {
            return null;
        }
        int lastParamLine = -1;
        int firstTagLine = -1;
        int closingLine = SourceLines.lineStart(text, end - 1);
        for (int line = SourceLines.nextLineStart(text, firstLineEnd); line < closingLine;
             line = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, line))) {
            String content = text.substring(line, SourceLines.lineEnd(text, line)).strip();
            if (content.startsWith("* @param") || content.startsWith("@param")) {
                lastParamLine = line;
            } else if ((content.startsWith("* @") || content.startsWith("@")) && firstTagLine < 0) {
                firstTagLine = line;
            }
        }
        String star = text.substring(closingLine, text.indexOf('*', closingLine)) + "* ";
        StringBuilder lines = new StringBuilder();
        if (lastParamLine >= 0) {
            // after the last @param and the lines continuing its description
            int after = SourceLines.lineEnd(text, lastParamLine);
            for (int next = SourceLines.nextLineStart(text, after); next < closingLine; ) {
                String content = text.substring(next, SourceLines.lineEnd(text, next)).strip();
                if (content.equals("*") || content.startsWith("* @") || content.startsWith("@")) {
                    break;
                }
                after = SourceLines.lineEnd(text, next);
                next = SourceLines.nextLineStart(text, after);
            }
            String prefix = text.substring(lastParamLine, text.indexOf('@', lastParamLine));
            params.forEach((name, description) -> lines.append(sep).append(prefix).append("@param ").append(name)
                    .append(' ').append(description));
            return TextEdit.insert(file, after, lines.toString());
        }
        int at = firstTagLine >= 0 ? firstTagLine : closingLine;
        params.forEach((name, description) -> lines.append(star).append("@param ").append(name).append(' ')
                .append(description).append(sep));
        if (firstTagLine < 0) {
            lines.insert(0, star.stripTrailing() + sep);
        }
        return TextEdit.insert(file, at, lines.toString());
    }
}
