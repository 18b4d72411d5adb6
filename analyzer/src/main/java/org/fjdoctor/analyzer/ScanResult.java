package org.fjdoctor.analyzer;

import java.util.List;

import org.fjdoctor.analyzer.api.FileProblem;

/**
 * What a scan found.
 *
 * @param modelFiles how many files the Spoon model was built from (all parsable files in full mode,
 *                   fewer in focused mode)
 */
public record ScanResult(List<Rule> rules, List<Finding> findings, List<FileProblem> problems, int files, long lines,
                         int modelFiles, long millis) {

    public ScanResult {
        rules = List.copyOf(rules);
        findings = List.copyOf(findings);
        problems = List.copyOf(problems);
    }

    /**
     * Whether fjdoctor analysed everything it was given that it could read: no rule and no model of its own
     * failed ({@link FileProblem.Kind#ownFailure()}). The problems say what was not analysed.
     */
    public boolean complete() {
        return problems.stream().noneMatch(problem -> problem.kind().ownFailure());
    }
}
