package org.fjdoctor.refactorings;

import org.fjdoctor.analyzer.Finding;

/**
 * One rewrite for one rule (a rule may have several, e.g. FJ6: remove the sleep, or managed block).
 * Implementations register with {@code @AutoService(Refactoring.class)}; adding one touches nothing
 * else. A refactoring only computes edits: applying, verifying and writing is {@link Patch}'s job.
 */
public interface Refactoring {

    /** The rule id whose findings this refactoring handles. */
    String ruleId();

    /** The fixes for {@code finding}, a reason it needs manual work, or {@link Plan#none()}. */
    Plan plan(Finding finding, RefactoringContext context);
}
