package org.fjdoctor.cli.lsp;

import java.net.URI;
import java.nio.file.Path;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Offsets into a file's text as LSP positions and back. LSP counts lines from 0 and characters in UTF-16
 * code units, which is what Java strings index, so a column is the offset less the line's start.
 */
final class Positions {

    private Positions() {
    }

    static Position position(SourceFile file, int offset) {
        int clamped = Math.max(0, Math.min(offset, file.text().length()));
        return new Position(file.lineOf(clamped) - 1, file.columnOf(clamped) - 1);
    }

    static Range range(SourceFile file, int start, int end) {
        return new Range(position(file, start), position(file, end));
    }

    /** The offset of an LSP position, clamped to the text (a client may point past a line's end). */
    static int offset(SourceFile file, Position position) {
        int[] starts = file.lineStarts();
        if (position.getLine() >= starts.length) {
            return file.text().length();
        }
        int line = Math.max(0, position.getLine());
        int lineEnd = starts[line] + file.lineText(line + 1).length();
        return Math.min(starts[line] + Math.max(0, position.getCharacter()), lineEnd);
    }

    static String uri(Path file) {
        return file.toUri().toString();
    }

    /** The normalized absolute path of a {@code file:} URI, as the engine keys files. */
    static Path path(String uri) {
        return Path.of(URI.create(uri)).toAbsolutePath().normalize();
    }
}
