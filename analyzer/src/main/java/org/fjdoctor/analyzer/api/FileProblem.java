package org.fjdoctor.analyzer.api;

import java.nio.file.Path;

/**
 * Something wrong with one input file. The scan reports it and goes on with the others.
 *
 * @param scanned whether the file still took part in the analysis (e.g. decoded with a fallback charset)
 */
public record FileProblem(Path file, String relativePath, Kind kind, String message, boolean scanned) {

    public enum Kind {
        UNREADABLE, NOT_REGULAR_FILE, SYMLINK_LOOP, SYMLINK_OUTSIDE, BINARY, EMPTY, TOO_LARGE, ENCODING, SYNTAX_ERROR,
        DUPLICATE_TYPE,
        /** Parses, but Spoon threw on it or took longer than the time budget to model it. */
        NOT_MODELLED,
        /** Not a file's problem: a rule threw while analyzing the project (the path is the first root). */
        RULE_FAILED,
        /**
         * Not a file's problem: building the fork/join model of the project, or of one variant of its modules,
         * threw; the files that model held were not analysed (the path is the first root, or the variant's file).
         */
        MODEL_FAILED;

        /** Whether fjdoctor's own failure, not the input, left part of the analysis undone. */
        public boolean ownFailure() {
            return this == RULE_FAILED || this == MODEL_FAILED;
        }
    }
}
