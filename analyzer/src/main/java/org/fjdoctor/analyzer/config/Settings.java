package org.fjdoctor.analyzer.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.source.Exclusions;
import org.fjdoctor.analyzer.source.JavaLevels;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * The effective settings of one run, as {@link SettingsResolver} settled them from the front end's explicit
 * values, the settings file and the build files, each with its origin.
 *
 * @param file       the settings file that applied, if any
 * @param rules      the rules to run
 * @param severities a severity per rule id, over the rules' own
 * @param exclusions what the settings file leaves out
 * @param javaLevels the Java level of each source file
 * @param failOnIncomplete whether a scan fjdoctor could not finish fails the build (otherwise it warns)
 */
public record Settings(Optional<Path> file, List<Rule> rules, Map<String, Severity> severities, Exclusions exclusions,
                       Setting<Integer> callDepth, JavaLevels javaLevels, Setting<FailOn> failOn,
                       Setting<Boolean> includeTests, Setting<Boolean> failOnIncomplete) {

    public Settings {
        rules = List.copyOf(rules);
        severities = Map.copyOf(severities);
    }

    /** {@code sources} with these levels and exclusions. */
    public SourceSet applyTo(SourceSet sources) {
        return sources.withJavaLevels(javaLevels).withExclusions(exclusions);
    }

    /** {@code options} with these rules, severities, depth and test handling. */
    public Analyzer.Options applyTo(Analyzer.Options options) {
        return options.withRules(rules).withSeverities(severities).withCallDepth(callDepth.value())
                .withTests(includeTests.value());
    }

    /**
     * Whether {@code finding} fails the build: its severity reaches {@code failOn}, and it is in main code or
     * tests are included (a test that blocks a worker usually does so on purpose). Every front end asks this.
     */
    public boolean fails(Finding finding) {
        return (includeTests.value() || !finding.inTestCode()) && failOn.value().fails(finding.severity());
    }

    /**
     * Whether {@code result} fails the build for what fjdoctor could not analyse (a rule or model of its own
     * failed): by default it does, since its findings may be missing. Every front end asks this.
     */
    public boolean failsIncomplete(ScanResult result) {
        return !result.complete() && failOnIncomplete.value();
    }

    /** {@code settings file: PATH}, or that none applied. */
    public String fileLine() {
        return file.map(f -> "settings file: " + f).orElse("settings file: none");
    }

    /** Lines for logs: the settings file, then the settings whose value is not the default, with origin. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add(fileLine());
        if (javaLevels.isUniform()) {
            lines.add("Java " + javaLevels.lowest() + " (" + javaLevels.uses().get(0).level().source() + ")");
        } else {
            lines.add("Java level per file, from the nearest build settings (else " + javaLevels.lowest() + ")");
        }
        for (Setting<?> setting : List.of(callDepth, failOn, includeTests, failOnIncomplete)) {
            if (!setting.origin().equals("default")) {
                lines.add(name(setting) + ": " + setting);
            }
        }
        return lines;
    }

    private String name(Setting<?> setting) {
        return setting == callDepth ? "depth" : setting == failOn ? "fail on"
                : setting == includeTests ? "include tests" : "fail on incomplete";
    }
}
