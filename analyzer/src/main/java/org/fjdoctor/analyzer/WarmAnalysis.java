package org.fjdoctor.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.scope.BodyEdit;
import org.fjdoctor.analyzer.scope.ModelScope;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

import spoon.reflect.declaration.CtElement;

/**
 * An analysis with what a warm engine needs to take an edit inside the bodies of one file without building
 * the models again: the main model's scope and each further variant's.
 *
 * @param main         the main model's scope
 * @param sourceSet    the source set with each file's Java level settled
 * @param variants     the further variants' models (second declarations of types), in the order they were built
 * @param reachedTypes the main model's reached top-level types, which chose the variants to model (null when the
 *                     model could not tell, empty when no
 *                     type has a second declaration)
 */
public record WarmAnalysis(Analyzer.Analysis analysis, ModelScope main, SourceSet sourceSet, List<Variant> variants,
                           Set<String> reachedTypes) {

    /**
     * A further variant's model.
     *
     * @param files      its own files (the second declarations), the only ones whose findings it gives
     * @param scopeFiles the files its scope held
     */
    public record Variant(ModelScope scope, Set<Path> files, Set<Path> scopeFiles) {
        public Variant(ModelScope scope, Collection<Path> files, Collection<Path> scopeFiles) {
            this(scope, Set.copyOf(files), Set.copyOf(scopeFiles));
        }
    }

    public WarmAnalysis {
        variants = List.copyOf(variants);
    }

    /**
     * The analysis of {@code files}, which differ from this analysis' files only in {@code edited}'s text, or
     * null when the edit needs the models built again ({@link BodyEdit}). Each model that holds the file is
     * changed either way: after a null answer this analysis must not be used again.
     *
     * <p>The findings equal a cold scan's: each model that holds the edited file is updated ({@link BodyEdit})
     * and every rule runs on it again; the other models' findings stay, because their inputs did not change
     * (a variant's files are chosen by the main model's reached types, which must stay the same); the
     * problems stay, because no rule fails and the edited file parses before and after.
     */
    public WarmAnalysis afterBodyEdit(SourceFile edited, List<SourceFile> files, Analyzer.Options options) {
        long start = System.nanoTime();
        ScanResult was = analysis.result();
        if (was.problems().stream().anyMatch(problem -> problem.kind().ownFailure())) {
            return declined(options, "a rule or a model failed last time");
        }
        Set<Path> mainFiles = paths(main);
        boolean inMain = mainFiles.contains(edited.path());
        ModelScope scope = inMain ? BodyEdit.apply(main, edited) : main;
        if (scope == null) {
            return null;
        }
        boolean duplicates = main.leftOut().stream().anyMatch(problem -> problem.kind() == Kind.DUPLICATE_TYPE);
        if (duplicates && !java.util.Objects.equals(Analyzer.reachedTypes(scope), reachedTypes)) {
            return declined(options, "the reached types, which choose the variants to model, changed");
        }
        // Fixes are planned from a finding's model element, so each finding keeps its element and match: a
        // kept finding the ones it had, a detected one those of the model it was detected in.
        Map<Finding, CtElement> elements = new IdentityHashMap<>();
        Map<Finding, Match> matches = new IdentityHashMap<>();
        List<FileProblem> failures = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        if (inMain) {
            findings.addAll(RuleRuns.detect(scope, sourceSet, options, elements, matches, failures));
        } else {
            keep(was, mainFiles, findings, elements, matches);
        }
        List<Variant> nextVariants = new ArrayList<>();
        for (Variant variant : variants) {
            Variant next = variant;
            if (variant.scopeFiles().contains(edited.path())) {
                ModelScope other = BodyEdit.apply(variant.scope(), edited);
                if (other == null) {
                    return null;
                }
                next = new Variant(other, variant.files(), variant.scopeFiles());
                Map<Finding, CtElement> detectedElements = new IdentityHashMap<>();
                Map<Finding, Match> detectedMatches = new IdentityHashMap<>();
                for (Finding finding : RuleRuns.detect(other, sourceSet, options, detectedElements, detectedMatches,
                        failures)) {
                    if (variant.files().contains(finding.location().file())) {
                        add(finding, detectedElements, detectedMatches, findings, elements, matches);
                    }
                }
            } else {
                keep(was, variant.files(), findings, elements, matches);
            }
            nextVariants.add(next);
        }
        if (!failures.isEmpty()) {
            return declined(options, "a rule failed");
        }
        findings.sort(Analyzer.FINDING_ORDER);
        long lines = files.stream().mapToLong(SourceFile::lineCount).sum();
        ScanResult result = new ScanResult(was.rules(), findings, was.problems(), files.size(), lines,
                was.modelFiles(), (System.nanoTime() - start) / 1_000_000);
        return new WarmAnalysis(new Analyzer.Analysis(result, scope.model(), files, elements, matches,
                analysis.javaLevels(), analysis.scopeFiles()), scope, sourceSet, nextVariants, reachedTypes);
    }

    /**
     * Lets go of what the models hold open outside the heap ({@link SpoonModelBuilder#release}): the main model's
     * and every variant's, which an analysis made from this one by {@link #afterBodyEdit} shares.
     */
    public void releaseModels() {
        SpoonModelBuilder.release(main.model().spoon());
        variants.forEach(variant -> SpoonModelBuilder.release(variant.scope().model().spoon()));
    }

    /** Keeps the last analysis' findings in {@code files}, with their elements and matches. */
    private void keep(ScanResult was, Set<Path> files, List<Finding> findings, Map<Finding, CtElement> elements,
                      Map<Finding, Match> matches) {
        was.findings().stream().filter(finding -> files.contains(finding.location().file()))
                .forEach(finding -> add(finding, analysis.elements(), analysis.matches(), findings, elements, matches));
    }

    private static void add(Finding finding, Map<Finding, CtElement> fromElements, Map<Finding, Match> fromMatches,
                            List<Finding> findings, Map<Finding, CtElement> elements, Map<Finding, Match> matches) {
        findings.add(finding);
        CtElement element = fromElements.get(finding);
        if (element != null) {
            elements.put(finding, element);
        }
        Match match = fromMatches.get(finding);
        if (match != null) {
            matches.put(finding, match);
        }
    }

    private static WarmAnalysis declined(Analyzer.Options options, String why) {
        options.progress().phase("building the models again: " + why);
        return null;
    }

    private static Set<Path> paths(ModelScope scope) {
        Set<Path> paths = new HashSet<>();
        scope.model().files().forEach(file -> paths.add(file.path()));
        return paths;
    }
}
