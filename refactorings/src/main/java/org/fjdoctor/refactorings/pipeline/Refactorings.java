package org.fjdoctor.refactorings.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.imports.UnusedImports;

/** The refactorings on the class path, and planning fixes for an analysis's findings. */
public final class Refactorings {

    /**
     * A finding with what the refactorings offer for it.
     *
     * @param failures "internal error in SomeRewrite: ..." for each refactoring that threw on the finding
     */
    public record Planned(Finding finding, Plan plan, List<String> failures) {
        public Planned(Finding finding, Plan plan) {
            this(finding, plan, List.of());
        }

        public Planned {
            failures = List.copyOf(failures);
        }
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

    /**
     * As {@link #plan(Analyzer.Analysis)}, offering the findings only to {@code refactorings} (in that order).
     * Each refactoring runs isolated, on a large stack ({@link LargeStack}): one that throws on a finding
     * loses only its own fixes for that finding, which the finding's {@link Planned#failures()} says.
     */
    public static List<Planned> plan(Analyzer.Analysis analysis, List<Refactoring> refactorings) {
        return LargeStack.get("fjdoctor-refactorings", () -> planHere(analysis, refactorings));
    }

    private static List<Planned> planHere(Analyzer.Analysis analysis, List<Refactoring> refactorings) {
        RefactoringContext context = new RefactoringContext(analysis);
        List<Planned> planned = new ArrayList<>();
        for (Finding finding : analysis.result().findings()) {
            List<Fix> fixes = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            String manual = null;
            for (Refactoring refactoring : refactorings) {
                Plan plan;
                List<Fix> own = new ArrayList<>();
                try {
                    if (!refactoring.handles(finding, analysis.matchOf(finding))) {
                        continue;
                    }
                    plan = refactoring.plan(finding, context);
                    plan.fixes().forEach(fix -> own.add(UnusedImports.removeLeftOver(fix, context)));
                } catch (Throwable thrown) {
                    Failures.rethrowUnrecoverable(thrown);
                    failures.add("internal error in " + refactoring.getClass().getSimpleName() + ": "
                            + Failures.describe(thrown));
                    continue;
                }
                fixes.addAll(own);
                if (manual == null) {
                    manual = plan.manualReason();
                }
            }
            planned.add(new Planned(finding, fixes.isEmpty() ? new Plan(List.of(), manual) : new Plan(fixes, null),
                    failures));
        }
        return planned;
    }
}
