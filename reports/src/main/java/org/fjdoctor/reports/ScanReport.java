package org.fjdoctor.reports;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.pipeline.Refactorings;

/**
 * What a report renders: the scan, the fixes the refactorings offer for each finding (best first, as
 * {@code fix} ranks them), the analyzed files' text (for source excerpts and line/column regions of
 * edits) and the scanned roots (for {@code %SRCROOT%} and modules).
 *
 * @param fixes        by finding; a finding without fixes has no entry
 * @param noFixReasons by finding without fixes, why it has none (what {@code fix} says when it skips it)
 * @param sources      every analyzed file by absolute path
 * @param roots        the paths the scan was given
 * @param settings     the settings file and Java levels the scan ran with
 * @param changedSince when the findings are only those on lines changed since a git revision, which and
 *                     how many others there were
 */
public record ScanReport(ScanResult result, Map<Finding, List<Fix>> fixes, Map<Finding, String> noFixReasons,
                         Map<Path, SourceFile> sources, List<Path> roots, AppliedSettings settings,
                         Optional<ChangedSince> changedSince) {

    public ScanReport {
        fixes = Map.copyOf(fixes);
        noFixReasons = Map.copyOf(noFixReasons);
        sources = Map.copyOf(sources);
        roots = List.copyOf(roots);
    }

    /** A report of all the findings it is given. */
    public ScanReport(ScanResult result, Map<Finding, List<Fix>> fixes, Map<Finding, String> noFixReasons,
                      Map<Path, SourceFile> sources, List<Path> roots, AppliedSettings settings) {
        this(result, fixes, noFixReasons, sources, roots, settings, Optional.empty());
    }

    /** Only the scan: no fixes, no source text; paths are placed below the current directory. */
    public static ScanReport of(ScanResult result) {
        return new ScanReport(result, Map.of(), Map.of(), Map.of(), List.of(Path.of("").toAbsolutePath()),
                AppliedSettings.UNKNOWN);
    }

    /**
     * An analysis reporting {@code shown} (its findings, or those a baseline left) in place of all of
     * them; with {@code withFixes} also the fixes planned for them and the files' text.
     */
    public static ScanReport of(Analyzer.Analysis analysis, List<Finding> shown, List<Path> roots, boolean withFixes) {
        return of(analysis, shown, roots, withFixes, AppliedSettings.UNKNOWN);
    }

    /** As {@link #of(Analyzer.Analysis, List, List, boolean)}, saying which {@code settings} applied. */
    public static ScanReport of(Analyzer.Analysis analysis, List<Finding> shown, List<Path> roots, boolean withFixes,
                                AppliedSettings settings) {
        Map<Finding, List<Fix>> fixes = new HashMap<>();
        Map<Finding, String> noFixReasons = new HashMap<>();
        Map<Path, SourceFile> sources = new LinkedHashMap<>();
        if (withFixes) {
            for (Refactorings.Planned planned : Refactorings.plan(analysis)) {
                if (!planned.plan().fixes().isEmpty()) {
                    fixes.put(planned.finding(), planned.plan().fixes());
                } else if (!planned.failures().isEmpty()) {
                    noFixReasons.put(planned.finding(), planned.failures().get(0));
                } else {
                    noFixReasons.put(planned.finding(), planned.plan().noFixReason(planned.finding().ruleId()));
                }
            }
            analysis.files().forEach(file -> sources.put(file.path(), file));
        }
        ScanResult result = analysis.result();
        ScanResult reported = new ScanResult(result.rules(), shown, result.problems(), result.files(), result.lines(),
                result.modelFiles(), result.millis());
        return new ScanReport(reported, fixes, noFixReasons, sources, roots, settings);
    }

    /** This report, saying that its findings are those on lines changed since a revision. */
    public ScanReport withChangedSince(ChangedSince changed) {
        return new ScanReport(result, fixes, noFixReasons, sources, roots, settings, Optional.of(changed));
    }

    public List<Fix> fixesOf(Finding finding) {
        return fixes.getOrDefault(finding, List.of());
    }

    /** Whether one of the finding's fixes is of that {@code safety}. */
    public boolean hasFix(Finding finding, Safety safety) {
        return fixesOf(finding).stream().map(Fix::safety).anyMatch(safety::equals);
    }

    /** Why the finding has no fix, when the fixes were planned and none was offered. */
    public Optional<String> noFixReason(Finding finding) {
        return Optional.ofNullable(noFixReasons.get(finding));
    }

    public Optional<SourceFile> source(Path file) {
        return Optional.ofNullable(sources.get(file));
    }
}
