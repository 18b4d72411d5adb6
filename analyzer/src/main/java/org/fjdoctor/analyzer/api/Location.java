package org.fjdoctor.analyzer.api;

import java.nio.file.Path;

/**
 * A range in a source file. Lines and columns are 1-based; offsets are 0-based character offsets
 * into the decoded text, end exclusive (what refactorings need for text edits).
 */
public record Location(Path file, String relativePath, int line, int column, int endLine, int endColumn,
                       int startOffset, int endOffset) {

    /** {@code path:line:col}, with the path relative to the scanned root. */
    public String display() {
        return relativePath + ":" + line + ":" + column;
    }
}
