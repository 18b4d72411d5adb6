package org.fjdoctor.refactorings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.refactorings.imports.UnusedImports;

/** The refactorings on the class path, and planning fixes for an analysis's findings. */
public final class Refactorings {

    /** A finding with what the refactorings offer for it. */
    public record Planned(Finding finding, Plan plan) {
    }

    private Refactorings() {
    }

    /** Every refactoring, by rule, and within a rule by {@link Refactoring#priority()}. */
    public static List<Refactoring> all() {
        List<Refactoring> all = new ArrayList<>();
        ServiceLoader.load(Refactoring.class, Refactoring.class.getClassLoader()).forEach(all::add);
        all.sort(Comparator.comparing(Refactoring::ruleId).thenComparingInt(Refactoring::priority));
        return all;
    }

    /**
     * Every finding with the fixes of every refactoring for its rule, in the order of {@link #all()}
     * (a manual reason if none has a fix: the first one given, from the most effective refactoring).
     */
    public static List<Planned> plan(Analyzer.Analysis analysis) {
        return plan(analysis, all());
    }

    /** As {@link #plan(Analyzer.Analysis)}, offering the findings only to {@code refactorings} (in that order). */
    public static List<Planned> plan(Analyzer.Analysis analysis, List<Refactoring> refactorings) {
        RefactoringContext context = new RefactoringContext(analysis);
        List<Planned> planned = new ArrayList<>();
        for (Finding finding : analysis.result().findings()) {
            List<Fix> fixes = new ArrayList<>();
            String manual = null;
            for (Refactoring refactoring : refactorings) {
                if (!refactoring.handles(finding, analysis.matchOf(finding))) {
                    continue;
                }
                Plan plan = refactoring.plan(finding, context);
                plan.fixes().forEach(fix -> fixes.add(UnusedImports.removeLeftOver(fix, context)));
                if (manual == null) {
                    manual = plan.manualReason();
                }
            }
            planned.add(new Planned(finding, fixes.isEmpty() ? new Plan(List.of(), manual) : new Plan(fixes, null)));
        }
        return planned;
    }
}
