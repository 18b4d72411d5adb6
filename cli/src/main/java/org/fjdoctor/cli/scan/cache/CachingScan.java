package org.fjdoctor.cli.scan.cache;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.reports.AppliedSettings;
import org.fjdoctor.reports.FjdoctorVersion;
import org.fjdoctor.reports.ScanReport;

/** A scan that reuses a stored result when its key matches, and stores what it analyzes. */
public final class CachingScan {

    /** A scan's results with the files it read and how long it took. */
    public record Scanned(CachedScan scan, List<SourceFile> files, long millis) {
    }

    private CachingScan() {
    }

    /**
     * The scan of {@code sources} below {@code roots}: from {@code cache} when an entry has the same key (the
     * same files, settings, classpath, fjdoctor version and build of its code), else analyzed, with fixes planned when
     * {@code withFixes}, and stored for the next run when it is complete.
     *
     * @throws NoSuchFileException when a root does not exist
     */
    public static Scanned run(Optional<ScanCache> cache, SourceSet sources, Analyzer.Options options,
                              Settings settings, List<Path> roots, boolean withFixes) throws NoSuchFileException {
        long start = System.nanoTime();
        String key = null;
        SourceCollector.Collected collected = null;
        if (cache.isPresent()) {
            options.progress().phase("reading sources");
            collected = SourceCollector.collect(sources);
            key = ScanKey.of(FjdoctorVersion.get() + "+" + CodeIdentity.current(), withFixes, sources, options, settings.file(), collected);
            Optional<CachedScan> hit = cache.get().load(key, options.rules());
            if (hit.isPresent()) {
                return new Scanned(hit.get(), collected.files(), (System.nanoTime() - start) / 1_000_000);
            }
        }
        // On a miss the files read for the key are the ones analyzed: nothing is read twice.
        Analyzer.Analysis analysis = collected == null ? new Analyzer().analyze(sources, options)
                : new Analyzer().analyze(sources, collected, options);
        if (withFixes) {
            options.progress().phase("planning fixes");
        }
        CachedScan scan = CachedScan.of(ScanReport.of(analysis, analysis.result().findings(), roots, withFixes,
                AppliedSettings.of(settings, analysis)));
        // A cache that cannot be written (a read-only tree) only means the next scan is cold too. An incomplete
        // scan is not stored: what failed (a stack or memory limit) may not fail next time, and a hit must not
        // replay the failure.
        if (cache.isPresent() && analysis.result().complete()) {
            cache.get().store(key, scan);
        }
        return new Scanned(scan, analysis.files(), analysis.result().millis());
    }
}
