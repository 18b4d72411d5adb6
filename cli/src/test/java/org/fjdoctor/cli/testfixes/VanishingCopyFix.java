package org.fjdoctor.cli.testfixes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.copyonfork.CopyOnForkRule;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;

/**
 * Test-only: deletes the file of a finding on a line marked {@code vanish-me} while the fixes are planned,
 * as another process might between the analysis and the write. It plans nothing itself, so
 * {@link QualifyCopyFix} still fixes the line.
 */
public final class VanishingCopyFix implements Refactoring {

    public static final String MARK = "vanish-me";

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnForkRule.class;
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        if (context.file(finding).lineText(finding.location().line()).contains(MARK)) {
            try {
                Files.deleteIfExists(finding.location().file());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Plan.none();
    }
}
