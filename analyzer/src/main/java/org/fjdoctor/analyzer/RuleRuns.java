package org.fjdoctor.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.scope.ModelScope;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.analyzer.source.TestSources;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeMember;

/**
 * The rules' run over one built model and what turns their reports into findings: suppressions, test code,
 * members and fingerprints. {@link Analyzer} builds the models (the main one and each variant's) and
 * {@link WarmAnalysis} rebuilds one after an edit; both run the rules here, the same way.
 */
final class RuleRuns {

    private RuleRuns() {
    }

    /**
     * Runs each rule in isolation: a rule that throws (a stack overflow included) costs only its own
     * findings past the throw, reported as a problem; the other rules' findings stand.
     */
    static List<Finding> detect(ModelScope scope, SourceSet sourceSet, Analyzer.Options options,
                                Map<Finding, CtElement> elements, Map<Finding, Match> matches,
                                List<FileProblem> problems) {
        options.progress().phase("running " + options.rules().size() + " rules");
        List<Finding> findings = new ArrayList<>();
        for (Rule rule : options.rules()) {
            RuleInfo info = rule.info();
            FindingSink sink = new FindingSink(scope.model(), info);
            Failures.isolate(() -> rule.detect(scope.model(), sink),
                    thrown -> problems.add(ruleFailure(info, sourceSet, thrown)));
            Failures.isolate(() -> findings.addAll(toFindings(scope.model(), info, options, sink.reported(), elements,
                    matches)), thrown -> problems.add(ruleFailure(info, sourceSet, thrown)));
        }
        // A part of the model built on first use that failed on some of its input (one entry's walk): the
        // rules reading it went on without that input.
        scope.model().failedParts().forEach(part -> problems.add(new FileProblem(Analyzer.firstRoot(sourceSet),
                Analyzer.firstRoot(sourceSet).toString(), Kind.MODEL_FAILED, part, true)));
        return findings;
    }

    /**
     * A rule runs over the whole model, so its failure is the project's: reported on the first root. What
     * it reported before the throw is kept (each finding stands on its own).
     */
    private static FileProblem ruleFailure(RuleInfo rule, SourceSet sourceSet, Throwable thrown) {
        Path root = Analyzer.firstRoot(sourceSet);
        return new FileProblem(root, root.toString(), Kind.RULE_FAILED,
                "rule " + rule.code() + " (" + rule.id() + ") failed on the project: " + Failures.describe(thrown)
                        + "; the other rules' findings are complete", true);
    }

    private static List<Finding> toFindings(ForkJoinModel model, RuleInfo rule, Analyzer.Options options,
                                            List<FindingSink.Reported> reported, Map<Finding, CtElement> elements,
                                            Map<Finding, Match> matches) {
        List<Finding> findings = new ArrayList<>();
        Map<String, Integer> ordinals = new HashMap<>();
        List<FindingSink.Reported> ordered = new ArrayList<>(reported);
        Map<FindingSink.Reported, Location> locations = new IdentityHashMap<>();
        reported.forEach(r -> locations.put(r, model.location(r.element())));
        ordered.removeIf(r -> locations.get(r) == null); // implicit code has no place to report at
        ordered.sort(Comparator.comparing((FindingSink.Reported r) -> locations.get(r).relativePath())
                .thenComparingInt(r -> locations.get(r).startOffset()));
        for (FindingSink.Reported r : ordered) {
            Location location = locations.get(r);
            SourceFile file = model.fileOf(r.element());
            if (file == null || Suppressions.isSuppressed(rule, r.element(), file, location.line())) {
                continue;
            }
            String member = memberOf(r.element());
            String code = file.text().substring(location.startOffset(), location.endOffset());
            String key = file.rootRelative() + "\u0000" + member + "\u0000" + code.replaceAll("\\s+", " ");
            int ordinal = ordinals.merge(key, 1, Integer::sum) - 1;
            boolean test = TestSources.isTest(file);
            String testPath = test ? null : testCodeOnEveryPath(model, r.paths());
            test |= testPath != null;
            if (test && !options.includeTests()) {
                continue;
            }
            String message = testPath == null ? r.message()
                    : "Reached only from tests (through " + testPath + "): " + r.message();
            Finding finding = new Finding(rule.id(), options.severityOf(rule, r.severity()), message, location,
                    r.related(), member, Fingerprints.of(rule.id(), file.rootRelative(), member, code, ordinal), test);
            if (findings.stream().noneMatch(f -> f.location().equals(location) && f.message().equals(finding.message()))) {
                findings.add(finding);
                elements.put(finding, r.element());
                if (r.match() != null) {
                    matches.put(finding, r.match());
                }
            }
        }
        return findings;
    }

    /**
     * The test code that every call path of a finding runs through ({@link ForkJoinModel#testCodeOnPath}), named
     * for its message: code in production sources that only a test's task reaches is that test's bottleneck.
     * {@code null} when the finding has no call path or production code reaches it.
     */
    private static String testCodeOnEveryPath(ForkJoinModel model, List<Reach> paths) {
        CtExecutable<?> first = null;
        for (Reach path : paths) {
            CtExecutable<?> test = model.testCodeOnPath(path);
            if (test == null) {
                return null;
            }
            first = first == null ? test : first;
        }
        if (first == null) {
            return null;
        }
        for (Reach path : paths) {
            if (path.entry().executable() == first) {
                return path.entry().label(); // an entry's label names the code that submits it
            }
        }
        String label = ForkJoinModel.label(first);
        CtType<?> owner = first.getParent(CtType.class);
        String top = owner == null ? null : JavaTypes.topLevel(owner).getSimpleName();
        return top == null || label.contains(top) ? label : label + " of " + top;
    }

    /** {@code pkg.Type#method(int[],int)}, or {@code pkg.Type#field}, or the type alone. */
    static String memberOf(CtElement element) {
        CtTypeMember member = element instanceof CtTypeMember m ? m : element.getParent(CtTypeMember.class);
        while (member != null && !(member instanceof CtExecutable<?>) && !(member instanceof CtField<?>)
                && !(member instanceof CtType<?>)) {
            member = member.getParent(CtTypeMember.class);
        }
        if (member == null) {
            return "";
        }
        CtType<?> owner = member instanceof CtType<?> t ? t : member.getDeclaringType();
        String ownerName = owner == null ? "" : owner.getQualifiedName();
        if (member instanceof CtExecutable<?> executable) {
            return ownerName + "#" + executable.getSignature();
        }
        return member instanceof CtField<?> field ? ownerName + "#" + field.getSimpleName() : ownerName;
    }
}
