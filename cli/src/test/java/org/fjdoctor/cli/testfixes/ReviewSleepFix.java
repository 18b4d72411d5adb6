package org.fjdoctor.cli.testfixes;

import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

/** Test-only REVIEW fix for sleepy-worker: marks the sleep with a comment (idempotent). */
public final class ReviewSleepFix implements Refactoring {

    static final String MARK = "/* fjdoctor: reviewed */ ";

    @Override
    public Class<? extends Rule> rule() {
        return SleepyWorkerRule.class;
    }

    /** Before the real refactorings of the rule, so the tests decide which fix is chosen. */
    @Override
    public int priority() {
        return 1;
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        SourceFile file = context.file(finding);
        int start = finding.location().startOffset();
        if (file.text().substring(0, start).endsWith(MARK)) {
            return Plan.manual("already marked for review");
        }
        return Plan.of(new Fix(ruleId(), finding.fingerprint(), "Mark the sleep for review", Safety.REVIEW,
                "whether the sleep can go depends on what it waits for",
                List.of(TextEdit.insert(file.path(), start, MARK))));
    }
}
