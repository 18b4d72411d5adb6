package org.fjdoctor.analyzer;

import org.fjdoctor.analyzer.model.ForkJoinModel;

/**
 * One bug pattern of the catalog. Implementations carry {@link RuleInfo} and register themselves with
 * {@code @AutoService(Rule.class)}; adding a rule touches no other class.
 */
public interface Rule {

    /** Reports every occurrence of the pattern in the model to {@code sink}. */
    void detect(ForkJoinModel model, FindingSink sink);

    /**
     * Whether the rule reads {@link ForkJoinModel#commonPoolReachable()}: the code that runs in the common pool
     * outside tasks is found, and modelled, only when a chosen rule needs it.
     */
    default boolean needsCommonPoolCode() {
        return false;
    }

    default RuleInfo info() {
        RuleInfo info = getClass().getAnnotation(RuleInfo.class);
        if (info == null) {
            throw new IllegalStateException(getClass().getName() + " lacks @RuleInfo");
        }
        return info;
    }
}
