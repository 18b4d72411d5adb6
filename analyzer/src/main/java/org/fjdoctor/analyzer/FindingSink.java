package org.fjdoctor.analyzer;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtType;

/**
 * Where a rule reports. It turns Spoon elements into locations and leaves suppression and
 * fingerprints to the analyzer, so a rule only says what it found and where.
 */
public final class FindingSink {

    /**
     * A finding as a rule reports it, before suppression and fingerprinting.
     *
     * @param paths the call paths among its related locations ({@link #callPath(Reach)}), by which the analyzer
     *              tells code only tests reach
     */
    record Reported(CtElement element, Severity severity, String message, List<RelatedLocation> related,
                    Match match, List<Reach> paths) {
    }

    private final ForkJoinModel model;
    private final RuleInfo rule;
    private final List<Reported> reported = new ArrayList<>();
    /** The reach each location made by {@link #callPath(Reach)} belongs to, however a rule combines them. */
    private final Map<RelatedLocation, Reach> pathSteps = new IdentityHashMap<>();

    FindingSink(ForkJoinModel model, RuleInfo rule) {
        this.model = model;
        this.rule = rule;
    }

    /** Reports at the rule's default severity. */
    public void report(CtElement at, String message, List<RelatedLocation> related) {
        report(at, rule.severity(), message, related);
    }

    public void report(CtElement at, Severity severity, String message, List<RelatedLocation> related) {
        reported.add(new Reported(Objects.requireNonNull(at), severity, message, related, null, pathsIn(related)));
    }

    /** Reports at the rule's default severity with the typed {@code match} ({@link Match}). */
    public void report(CtElement at, String message, List<RelatedLocation> related, Match match) {
        report(at, rule.severity(), message, related, match);
    }

    /** Reports with the typed {@code match} that the finding's refactorings read ({@link Match}). */
    public void report(CtElement at, Severity severity, String message, List<RelatedLocation> related, Match match) {
        reported.add(new Reported(Objects.requireNonNull(at), severity, message, related, Objects.requireNonNull(match),
                pathsIn(related)));
    }

    private List<Reach> pathsIn(List<RelatedLocation> related) {
        List<Reach> paths = new ArrayList<>();
        for (RelatedLocation location : related) {
            Reach reach = pathSteps.get(location);
            if (reach != null && paths.stream().noneMatch(known -> known == reach)) {
                paths.add(reach);
            }
        }
        return paths;
    }

    /** A related location for {@code element}, or nothing if it has no position (implicit code). */
    public List<RelatedLocation> related(CtElement element, String message) {
        Location location = element == null ? null : model.location(element);
        return location == null ? List.of() : List.of(new RelatedLocation(location, message));
    }

    /** A related location for the call {@code call} at its method's name ({@link ForkJoinModel#nameLocation}). */
    public List<RelatedLocation> relatedAtName(CtElement call, String message) {
        Location location = call == null ? null : model.nameLocation(call);
        return location == null ? List.of() : List.of(new RelatedLocation(location, message));
    }

    /** The call path from a task entry to the reached method: the entry, then each call. */
    public List<RelatedLocation> callPath(Reach reach) {
        List<RelatedLocation> path = new ArrayList<>(related(reach.entry().executable(),
                "task code starts here: " + reach.entry().label()));
        for (Reach step : reach.steps()) {
            CtType<?> narrowed = model.narrowedTo(step.callSite());
            String function = model.functionNarrowing(step.callSite());
            path.addAll(related(step.callSite(), "calls " + ForkJoinModel.label(step.executable()) + (narrowed == null ? ""
                    : " (the receiver is only ever a new " + narrowed.getSimpleName() + ", so no other override runs)")
                    + (function == null ? "" : " (" + function + ")")));
        }
        path.forEach(step -> pathSteps.put(step, reach));
        return path;
    }

    /** A human-readable {@code A.compute() -> B.helper() -> C.wait()} for messages. */
    public static String pathText(Reach reach) {
        return pathText(reach, call -> null);
    }

    /**
     * {@link #pathText(Reach)} that also says where a virtual call was narrowed to one class by what its
     * receiver is created as ({@code -> DoubleBox.set() (on a new DoubleBox)}), and how a call of a functional
     * interface's method found its targets ({@link ForkJoinModel#functionNarrowing}), so a reviewer sees why the
     * other overrides are not on the path, or that an edge is a guess.
     */
    public String narrowedPathText(Reach reach) {
        return pathText(reach, call -> {
            CtType<?> narrowed = model.narrowedTo(call);
            return narrowed != null ? "on a new " + narrowed.getSimpleName() : model.functionNarrowing(call);
        });
    }

    private static String pathText(Reach reach, Function<CtElement, String> narrowing) {
        StringBuilder text = new StringBuilder(reach.entry().label());
        for (Reach step : reach.steps()) {
            text.append(" -> ").append(ForkJoinModel.label(step.executable()));
            String narrowed = narrowing.apply(step.callSite());
            if (narrowed != null) {
                text.append(" (").append(narrowed).append(')');
            }
        }
        return text.toString();
    }

    List<Reported> reported() {
        return reported;
    }
}
