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
 * @param includeTests whether findings in test code were reported: a reader who sees none there needs to know
 *                     they were left out
 */
public record AppliedSettings(boolean known, Optional<Path> file, List<JavaLevels.Use> javaLevels,
                              boolean includeTests) {

    /** Nothing known: reports of a bare {@link org.fjdoctor.analyzer.ScanResult} say nothing about settings. */
    public static final AppliedSettings UNKNOWN = new AppliedSettings(false, Optional.empty(), List.of(), false);

    public AppliedSettings {
        javaLevels = List.copyOf(javaLevels);
    }

    public static AppliedSettings of(Settings settings, Analyzer.Analysis analysis) {
        return new AppliedSettings(true, settings.file(), analysis.javaLevels().uses(),
                settings.includeTests().value());
    }

    /**
     * {@code Settings file: PATH} (or none), one line per Java level with its origin, then whether test code was
     * reported.
     */
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
        lines.add(includeTests ? "Test code: reported (--include-tests)"
                : "Test code: not reported (--include-tests reports it)");
        return lines;
    }
}
