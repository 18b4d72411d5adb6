package org.fjdoctor.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.scope.BodyEdit;
import org.fjdoctor.analyzer.scope.ModelScope;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

import spoon.reflect.declaration.CtElement;

/**
 * An analysis with what a warm engine needs to take an edit inside the bodies of one file of the main model
 * without building the model again.
 *
 * @param main              the main model's scope
 * @param sourceSet         the source set with each file's Java level settled
 * @param variantScopeFiles the files the scopes of the further variants' models held
 * @param reachedTypes      the main model's reached top-level types, which chose the variants to model (empty
 *                          when no type has a second declaration)
 */
public record WarmAnalysis(Analyzer.Analysis analysis, ModelScope main, SourceSet sourceSet,
                           Set<Path> variantScopeFiles, Set<String> reachedTypes) {

    /**
     * The analysis of {@code files}, which differ from this analysis' files only in {@code edited}'s text, or
     * null when the edit needs the model built again ({@link BodyEdit}). The main model is changed either way:
     * after a null answer this analysis must not be used again.
     *
     * <p>The findings equal a cold scan's: the main model's are found again by every rule on the updated model;
     * those of the further variants stay, because their models hold neither the edited file nor a type whose
     * reach changed; the problems stay, because no rule fails and the edited file parses before and after.
     */
    public WarmAnalysis afterBodyEdit(SourceFile edited, List<SourceFile> files, Analyzer.Options options) {
        long start = System.nanoTime();
        ScanResult was = analysis.result();
        if (variantScopeFiles.contains(edited.path())
                || was.problems().stream().anyMatch(problem -> problem.kind() == Kind.RULE_FAILED)) {
            return null;
        }
        ModelScope scope = BodyEdit.apply(main, edited);
        boolean variants = main.leftOut().stream().anyMatch(problem -> problem.kind() == Kind.DUPLICATE_TYPE);
        if (scope == null || variants && !Analyzer.reachedTypes(scope).equals(reachedTypes)) {
            return null;
        }
        Map<Finding, CtElement> elements = new IdentityHashMap<>();
        Map<Finding, Match> matches = new IdentityHashMap<>();
        List<FileProblem> failures = new ArrayList<>();
        List<Finding> findings = new ArrayList<>(Analyzer.detect(scope, sourceSet, options, elements, matches,
                failures));
        if (!failures.isEmpty()) {
            return null;
        }
        Set<Path> mainFiles = new HashSet<>();
        scope.model().files().forEach(file -> mainFiles.add(file.path()));
        was.findings().stream().filter(finding -> !mainFiles.contains(finding.location().file()))
                .forEach(findings::add);
        findings.sort(Analyzer.FINDING_ORDER);
        long lines = files.stream().mapToLong(SourceFile::lineCount).sum();
        ScanResult result = new ScanResult(was.rules(), findings, was.problems(), files.size(), lines,
                was.modelFiles(), (System.nanoTime() - start) / 1_000_000);
        return new WarmAnalysis(new Analyzer.Analysis(result, scope.model(), files, elements, matches,
                analysis.javaLevels(), analysis.scopeFiles()), scope, sourceSet, variantScopeFiles, reachedTypes);
    }
}
