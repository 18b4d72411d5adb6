package org.fjdoctor.refactorings;

import java.util.List;

/**
 * What a refactoring offers for one finding: fixes (best first), or why the finding must be fixed by
 * hand (a finding whose rewrite cannot be proven safe and cannot even be offered for review).
 */
public record Plan(List<Fix> fixes, String manualReason) {

    public Plan {
        fixes = List.copyOf(fixes);
    }

    public static Plan of(Fix... fixes) {
        return new Plan(List.of(fixes), null);
    }

    public static Plan manual(String reason) {
        return new Plan(List.of(), reason);
    }

    /** Nothing to offer: the refactoring does not handle this shape at all. */
    public static Plan none() {
        return new Plan(List.of(), null);
    }

    public boolean isManual() {
        return fixes.isEmpty() && manualReason != null;
    }

    /** Why a plan without fixes has none, as {@code fix} and the reports say it. */
    public String noFixReason(String ruleId) {
        return manualReason != null ? manualReason : "no refactoring handles this " + ruleId + " finding yet";
    }
}
