package org.fjdoctor.reports;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fjdoctor.analyzer.Finding;

/**
 * How many findings are in main code and how many in test sources ({@link Finding#inTestCode()}): every
 * report counts them apart, since a test that blocks a worker usually does so on purpose.
 */
public record CodeSplit(long main, long test) {

    public static CodeSplit of(Collection<Finding> findings) {
        long test = findings.stream().filter(Finding::inTestCode).count();
        return new CodeSplit(findings.size() - test, test);
    }

    /** The split of each rule's findings, by rule id in the order of their first finding. */
    public static Map<String, CodeSplit> perRule(Collection<Finding> findings) {
        Map<String, CodeSplit> perRule = new LinkedHashMap<>();
        for (Finding finding : findings) {
            CodeSplit one = finding.inTestCode() ? new CodeSplit(0, 1) : new CodeSplit(1, 0);
            perRule.merge(finding.ruleId(), one, CodeSplit::plus);
        }
        return perRule;
    }

    CodeSplit plus(CodeSplit other) {
        return new CodeSplit(main + other.main, test + other.test);
    }
}
