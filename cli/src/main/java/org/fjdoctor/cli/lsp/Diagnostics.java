package org.fjdoctor.cli.lsp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.cli.docs.RulePages;

/** A finding as an LSP diagnostic: the rule id as its code, linked to the rule's page, and its related places. */
final class Diagnostics {

    static final String SOURCE = "fjdoctor";
    /** The source of a finding in test sources, so that an editor shows (and can filter) them apart. */
    static final String TEST_SOURCE = "fjdoctor (test code)";

    private Diagnostics() {
    }

    /** @param files the analysed texts, by path: positions are taken in the text the finding was found in */
    static Diagnostic of(Finding finding, Map<Path, SourceFile> files) {
        SourceFile file = files.get(finding.location().file());
        Diagnostic diagnostic = new Diagnostic(Positions.range(file, finding.location().startOffset(),
                finding.location().endOffset()), finding.message(), severity(finding.severity()),
                finding.inTestCode() ? TEST_SOURCE : SOURCE,
                finding.ruleId());
        rulePage(finding.ruleId()).ifPresent(page -> diagnostic.setCodeDescription(new DiagnosticCodeDescription(page)));
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        for (RelatedLocation place : finding.related()) {
            SourceFile relatedFile = files.get(place.location().file());
            if (relatedFile != null) {
                related.add(new DiagnosticRelatedInformation(new Location(Positions.uri(relatedFile.path()),
                        Positions.range(relatedFile, place.location().startOffset(), place.location().endOffset())),
                        place.message()));
            }
        }
        diagnostic.setRelatedInformation(related);
        // Code actions find the finding again by its fingerprint.
        diagnostic.setData(finding.fingerprint());
        return diagnostic;
    }

    /** The rule's page as a {@code file:} URI, where the installation has the pages. */
    static Optional<String> rulePage(String ruleId) {
        Path page = Path.of(RulePages.location() + ruleId + ".md");
        return page.isAbsolute() && Files.isRegularFile(page) ? Optional.of(page.toUri().toString()) : Optional.empty();
    }

    private static DiagnosticSeverity severity(Severity severity) {
        return switch (severity) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case NOTE -> DiagnosticSeverity.Information;
        };
    }
}
