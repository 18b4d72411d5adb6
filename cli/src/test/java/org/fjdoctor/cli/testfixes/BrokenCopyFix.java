package org.fjdoctor.cli.testfixes;

import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.copyonfork.CopyOnForkRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

/** Test-only SAFE fix that produces code that does not parse, on lines marked {@code break-me}. */
public final class BrokenCopyFix implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnForkRule.class;
    }

    /** Before the real refactorings of the rule, so the tests decide which fix is chosen. */
    @Override
    public int priority() {
        return 1;
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        SourceFile file = context.file(finding);
        int at = QualifyCopyFix.callAt(finding, file);
        if (at < 0 || !file.lineText(finding.location().line()).contains("break-me")) {
            return Plan.none();
        }
        return Plan.of(new Fix(ruleId(), finding.fingerprint(), "Break the copy", Safety.SAFE, "a test of verification",
                List.of(TextEdit.insert(file.path(), at + QualifyCopyFix.CALL.length(), "(("))));
    }
}
