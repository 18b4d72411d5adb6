package org.fjdoctor.eclipse.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Suppression;

/** The "Suppress with @SuppressWarnings" quick fix ({@link Suppression}), with the texts it applies to. */
public final class SuppressFix {

    private SuppressFix() {
    }

    /** Empty when the finding has no declaration around it that can carry an annotation. */
    public static Optional<QuickFix> of(Finding finding, Analyzer.Analysis analysis, Map<Path, SourceFile> files) {
        return Suppression.of(finding, analysis).map(suppression -> new QuickFix(suppression.title(),
                suppression.description(), List.of(suppression.edit()),
                QuickFix.hashes(List.of(suppression.edit()), files)));
    }
}
