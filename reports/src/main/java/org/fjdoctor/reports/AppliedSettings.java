package org.fjdoctor.reports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.source.JavaLevels;

/**
 * What every report says about the settings a scan ran with: the settings file that applied (or none) and
 * each Java level in use with where it was declared, so a reader knows why a rule was off or a fix was
 * written for Java 6.
 *
 * @param known      whether the scan said anything (a report of a bare result has nothing to tell)
 * @param file       the settings file that applied
 * @param javaLevels the levels of the analyzed files, lowest first
 */
public record AppliedSettings(boolean known, Optional<Path> file, List<JavaLevels.Use> javaLevels) {

    /** Nothing known: reports of a bare {@link org.fjdoctor.analyzer.ScanResult} say nothing about settings. */
    public static final AppliedSettings UNKNOWN = new AppliedSettings(false, Optional.empty(), List.of());

    public AppliedSettings {
        javaLevels = List.copyOf(javaLevels);
    }

    public static AppliedSettings of(Settings settings, Analyzer.Analysis analysis) {
        return new AppliedSettings(true, settings.file(), analysis.javaLevels().uses());
    }

    /** {@code Settings file: PATH} (or none), then one line per Java level with its origin. */
    public List<String> lines() {
        if (!known) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("Settings file: " + file.map(Path::toString).orElse("none"));
        for (JavaLevels.Use use : javaLevels) {
            lines.add("Java level " + use.level().feature()
                    + (use.files() == 0 ? "" : " (" + Labels.plural(use.files(), "file") + ")") + ": "
                    + use.level().source());
        }
        return lines;
    }
}
