package org.fjdoctor.refactorings;

/** Whether a fix may be applied without a person looking at it. */
public enum Safety {
    /** Proven behaviour-preserving by the refactoring's safety analysis: {@code fjdoctor fix} applies it. */
    SAFE,
    /** Plausible but not proven: applied only with {@code --include-review}, offered in the IDE. */
    REVIEW
}
