package org.fjdoctor.analyzer;

/** The publications rules cite in {@link RuleInfo#source()}; one constant each, so every rule names them alike. */
public final class Studies {

    /** Where the core taxonomy's figures come from (the catalog, docs/PATTERNS.md, summarizes it). */
    public static final String FORK_JOIN_BOTTLENECKS_2017 = "The ASE 2017 empirical study of fork/join bottlenecks in"
            + " Akka and 30 GitHub projects (791K lines of code), as summarized in the project's catalog,"
            + " docs/PATTERNS.md.";

    private Studies() {
    }
}
