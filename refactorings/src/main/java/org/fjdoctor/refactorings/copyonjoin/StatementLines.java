package org.fjdoctor.refactorings.copyonjoin;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.TextEdit;

import spoon.reflect.declaration.CtElement;

/** Line-level edits shared by the copy-on-join rewrites, so deleted statements leave no blank lines behind. */
final class StatementLines {

    private StatementLines() {
    }

    /** Removes the statement's (or import's) whole line when it is alone on it, maybe with a trailing comment, else just it. */
    static TextEdit delete(SourceFile file, CtElement statement) {
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
        int next = lineEnd < text.length() && text.charAt(lineEnd) == '\r' ? lineEnd + 1 : lineEnd;
        next = next < text.length() && text.charAt(next) == '\n' ? next + 1 : next;
        return TextEdit.replace(file.path(), lineStart, next, "");
    }

    /** The offset where the line holding {@code offset} starts. */
    static int lineStart(String text, int offset) {
        int start = offset;
        while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') {
            start--;
        }
        return start;
    }

    /** The offset of the line terminator (or the end of the text) after {@code offset}. */
    static int lineEnd(String text, int offset) {
        int end = offset;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }
}
