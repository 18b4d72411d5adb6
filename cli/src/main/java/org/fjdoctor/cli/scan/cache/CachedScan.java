package org.fjdoctor.cli.scan.cache;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.reports.AppliedSettings;
import org.fjdoctor.reports.ScanReport;

/**
 * What a scan stores in the cache: everything a report renders that only the analysis can tell. The
 * files' text is not stored: the key holds each file's content hash, so the files on disk are that text.
 *
 * @param result       the scan with all its findings, before a baseline or changed lines narrow them
 * @param fixes        the planned fixes by finding (empty when the report format shows none)
 * @param noFixReasons why a finding has no fix, by finding
 * @param settings     the settings file and Java levels the scan ran with
 */
public record CachedScan(ScanResult result, Map<Finding, List<Fix>> fixes, Map<Finding, String> noFixReasons,
                         AppliedSettings settings) {

    public CachedScan {
        fixes = Map.copyOf(fixes);
        noFixReasons = Map.copyOf(noFixReasons);
    }

    /** The parts of a report of all the findings that the cache keeps. */
    public static CachedScan of(ScanReport all) {
        return new CachedScan(all.result(), all.fixes(), all.noFixReasons(), all.settings());
    }

    /**
     * A report of {@code shown} (all the findings, or those a baseline or changed lines left), with the
     * text of {@code files} for excerpts when the fixes are shown.
     */
    public ScanReport report(List<Finding> shown, List<Path> roots, List<SourceFile> files, boolean withFixes,
                             long millis) {
        Map<Path, SourceFile> sources = new LinkedHashMap<>();
        if (withFixes) {
            files.forEach(file -> sources.put(file.path(), file));
        }
        ScanResult reported = new ScanResult(result.rules(), shown, result.problems(), result.files(), result.lines(),
                result.modelFiles(), millis);
        return new ScanReport(reported, fixes, noFixReasons, sources, roots, settings);
    }
}
