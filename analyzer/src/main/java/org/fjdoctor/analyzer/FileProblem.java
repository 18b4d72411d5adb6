package org.fjdoctor.analyzer;

import java.nio.file.Path;

/**
 * Something wrong with one input file. The scan reports it and goes on with the others.
 *
 * @param scanned whether the file still took part in the analysis (e.g. decoded with a fallback charset)
 */
public record FileProblem(Path file, String relativePath, Kind kind, String message, boolean scanned) {

    public enum Kind {
        UNREADABLE, NOT_REGULAR_FILE, SYMLINK_LOOP, SYMLINK_OUTSIDE, BINARY, EMPTY, TOO_LARGE, ENCODING, SYNTAX_ERROR,
        DUPLICATE_TYPE
    }
}
