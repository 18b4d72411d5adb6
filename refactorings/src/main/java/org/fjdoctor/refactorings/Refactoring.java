package org.fjdoctor.refactorings;

import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;

/**
 * One rewrite for one rule (a rule may have several, e.g. FJ6: remove the sleep, or managed block).
 * Implementations register with {@code @AutoService(Refactoring.class)}; adding one touches nothing
 * else. A refactoring only computes edits: applying, verifying and writing is {@link Patch}'s job.
 */
public interface Refactoring {

    /** The rule whose findings this refactoring handles. */
    Class<? extends Rule> rule();

    /**
     * The kinds of {@link Match} this refactoring reads; a finding whose rule reported another kind (or
     * none) is not offered to it. Empty means every finding of {@link #rule()}.
     */
    default Set<Class<? extends Match>> matches() {
        return Set.of();
    }

    /** The id of {@link #rule()}, as findings and fixes carry it. */
    default String ruleId() {
        return idOf(rule());
    }

    /** Whether {@code finding}, with its {@code match} ({@code null} if none), is one this refactoring handles. */
    default boolean handles(Finding finding, Match match) {
        return finding.ruleId().equals(ruleId())
                && (matches().isEmpty() || matches().stream().anyMatch(kind -> kind.isInstance(match)));
    }

    /** The id in {@code rule}'s {@link RuleInfo}: rule ids are written once, on the rule. */
    static String idOf(Class<? extends Rule> rule) {
        RuleInfo info = rule.getAnnotation(RuleInfo.class);
        if (info == null) {
            throw new IllegalStateException(rule.getName() + " lacks @RuleInfo");
        }
        return info.id();
    }

    /**
     * Where this refactoring's fixes go among those of the other refactorings of the same rule: lower
     * first. {@code fix} applies the first SAFE fix of a finding and {@code fix --include-review} the first
     * fix, so a refactoring that removes the cause (the sleep, the lock, the copy) ranks before one that
     * only makes it cheaper (a managed block). Two refactorings of one rule never share a priority
     * (RefactoringPriorityTest), so the order never depends on class names.
     */
    default int priority() {
        return 100;
    }

    /** What its fixes do, in a sentence or two, for the rule's documentation page ({@code fjdoctor docs}). */
    default String summary() {
        return "";
    }

    /** When its fixes are SAFE (otherwise they are offered as REVIEW), for the rule's documentation page. */
    default String safeWhen() {
        return "";
    }

    /** The fixes for {@code finding}, a reason it needs manual work, or {@link Plan#none()}. */
    Plan plan(Finding finding, RefactoringContext context);
}
