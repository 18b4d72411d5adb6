package org.fjdoctor.cli.testfixes;

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

/**
 * Test-only SAFE fix for copy-on-fork: qualifies {@code Arrays.copyOfRange(} as
 * {@code java.util.Arrays.copyOfRange(}. Harmless, and idempotent (a qualified call is left alone).
 * Lines marked {@code break-me} are left to {@link BrokenCopyFix}.
 */
public final class QualifyCopyFix implements Refactoring {

    static final String CALL = "Arrays.copyOfRange(";

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnForkRule.class;
    }

    /** Before the real refactorings of the rule, so the tests decide which fix is chosen. */
    @Override
    public int priority() {
        return 2;
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        SourceFile file = context.file(finding);
        int at = callAt(finding, file);
        if (at < 0 || file.lineText(finding.location().line()).contains("break-me")) {
            return Plan.none();
        }
        return Plan.of(new Fix(ruleId(), finding.fingerprint(), "Qualify Arrays.copyOfRange", Safety.SAFE,
                "a qualified name denotes the same method",
                java.util.List.of(TextEdit.insert(file.path(), at, "java.util."))));
    }

    /** Where the unqualified call starts inside the finding's range, or -1. */
    static int callAt(Finding finding, SourceFile file) {
        int start = finding.location().startOffset();
        int at = file.text().indexOf(CALL, start);
        if (at < 0 || at >= finding.location().endOffset() || (at > 0 && file.text().charAt(at - 1) == '.')) {
            return -1;
        }
        return at;
    }
}
