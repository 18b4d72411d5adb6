package org.fjdoctor.refactorings;

import java.nio.file.Path;

/**
 * Replace {@code length} characters at {@code offset} of the file's original text. Offsets are into
 * the decoded text the analyzer read ({@code SourceFile.text()}), never into a rewritten one.
 */
public record TextEdit(Path file, int offset, int length, String replacement) {

    public TextEdit {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("negative offset or length: " + offset + ", " + length);
        }
    }

    public int end() {
        return offset + length;
    }

    /** Whether the two edits touch the same characters (or insert at the same place). */
    public boolean overlaps(TextEdit other) {
        return file.equals(other.file) && offset < other.end() && other.offset < end()
                || file.equals(other.file) && offset == other.offset;
    }

    public static TextEdit insert(Path file, int offset, String text) {
        return new TextEdit(file, offset, 0, text);
    }

    public static TextEdit replace(Path file, int start, int end, String text) {
        return new TextEdit(file, start, end - start, text);
    }
}
