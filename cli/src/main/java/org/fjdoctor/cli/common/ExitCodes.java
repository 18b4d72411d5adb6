package org.fjdoctor.cli.common;

/** The process exit codes every fjdoctor command uses (documented in {@code fjdoctor --help}). */
public final class ExitCodes {

    /** Nothing at or above the failure threshold. */
    public static final int OK = 0;
    /** fjdoctor itself failed. */
    public static final int INTERNAL_ERROR = 1;
    /** Bad command line: unknown option, rule or format, missing or nonexistent path, bad baseline. */
    public static final int USAGE = 2;
    /**
     * No finding at or above the failure threshold, but a rule or a model of fjdoctor's failed: part of the
     * project was not analysed (the report's problems say which).
     */
    public static final int INCOMPLETE = 3;
    /** Findings at or above the failure threshold. */
    public static final int FINDINGS = 4;

    private ExitCodes() {
    }
}
