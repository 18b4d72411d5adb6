package org.fjdoctor.cli.common;

/** The process exit codes every fjdoctor command uses (documented in {@code fjdoctor --help}). */
public final class ExitCodes {

    /** Nothing at or above the failure threshold. */
    public static final int OK = 0;
    /** fjdoctor itself failed. */
    public static final int INTERNAL_ERROR = 1;
    /** Bad command line: unknown option, rule or format, missing or nonexistent path, bad baseline. */
    public static final int USAGE = 2;
    /** Findings at or above the failure threshold. */
    public static final int FINDINGS = 4;

    private ExitCodes() {
    }
}
