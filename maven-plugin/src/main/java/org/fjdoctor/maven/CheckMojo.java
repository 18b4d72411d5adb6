package org.fjdoctor.maven;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.config.FailOn;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.reports.AppliedSettings;
import org.fjdoctor.reports.Baseline;
import org.fjdoctor.reports.ChangedLines;
import org.fjdoctor.reports.ChangedSince;
import org.fjdoctor.reports.ReportFormat;
import org.fjdoctor.reports.ScanReport;
import org.fjdoctor.reports.TextReport;

/**
 * {@code fjdoctor:check}: analyzes the module, writes its reports to {@code target/fjdoctor/} (one file
 * per machine-readable report format: {@code fjdoctor.sarif}, {@code fjdoctor.json}, ...), prints the
 * findings and fails the build when one reaches {@code failOn}, or when the analysis is incomplete
 * ({@code failOnIncomplete}).
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyCollection = ResolutionScope.COMPILE,
        threadSafe = true)
public final class CheckMojo extends AbstractFjdoctorMojo {

    /**
     * The least severity that fails the build: {@code note}, {@code warning}, {@code error} or {@code none}.
     * Default: {@code failOn} in the settings file, else {@code warning}.
     */
    @Parameter(property = "fjdoctor.failOn")
    String failOn;

    /**
     * A JSON or SARIF report of an earlier run: findings with a fingerprint in it are left out of the
     * reports and never fail the build, so only new ones do.
     */
    @Parameter(property = "fjdoctor.baseline")
    File baseline;

    /**
     * A git revision ({@code origin/main}, say): only findings whose location, related locations or call
     * path touch a line changed since it (in the work tree, uncommitted edits and untracked files too) are
     * reported and can fail the build. Combines with {@code baseline}.
     */
    @Parameter(property = "fjdoctor.changedSince")
    String changedSince;

    /**
     * Whether an incomplete analysis fails the build, as a finding at or above {@code failOn} does: fjdoctor
     * failed on part of the module (its own bug, or Spoon's on a shape it cannot type), and the reports'
     * rule-failed and model-failed problems say what went unanalysed. {@code false} only warns. Unset, the
     * settings file's {@code failOnIncomplete} decides, and without one it fails.
     */
    @Parameter(property = "fjdoctor.failOnIncomplete")
    Boolean failOnIncomplete;

    /** Where the reports go. */
    @Parameter(property = "fjdoctor.outputDirectory", defaultValue = "${project.build.directory}/fjdoctor")
    File outputDirectory;

    /** The parsed {@link #failOn}, or null. */
    private FailOn threshold;

    @Override
    SettingsResolver.Explicit explicitSettings(ModuleSources sources) {
        return super.explicitSettings(sources).withFailOn(threshold, "<failOn>")
                .withFailOnIncomplete(failOnIncomplete, "<failOnIncomplete>");
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("fjdoctor: skipped");
            return;
        }
        threshold = null;
        if (failOn != null && !failOn.isBlank()) {
            try {
                threshold = FailOn.parse(failOn);
            } catch (IllegalArgumentException e) {
                throw new MojoExecutionException("fjdoctor: <failOn>: " + e.getMessage(), e);
            }
        }
        Optional<Baseline> known = readBaseline();
        Optional<ChangedLines> changed = readChangedLines();
        Optional<ModuleAnalysis> analyzed = analyze();
        if (analyzed.isEmpty()) {
            return;
        }
        ModuleAnalysis module = analyzed.get();
        ScanResult result = module.analysis().result();
        List<Finding> unknown = known.map(b -> b.newFindings(result.findings())).orElse(result.findings());
        List<Finding> shown = changed.map(c -> c.filter(unknown)).orElse(unknown);
        // With the planned fixes, as the CLI's scan: SARIF carries them as fixes, HTML shows their diffs.
        ScanReport planned = ScanReport.of(module.analysis(), shown, module.sources().roots(), true,
                AppliedSettings.of(module.settings(), module.analysis()));
        ScanReport report = changed.isEmpty() ? planned
                : planned.withChangedSince(new ChangedSince(changedSince, shown.size(), unknown.size() - shown.size()));
        ScanResult reported = report.result();
        List<String> written = writeReports(report);
        log(report);
        known.ifPresent(b -> getLog().info("fjdoctor: " + (result.findings().size() - unknown.size())
                + " finding(s) hidden by the baseline " + baseline));
        report.changedSince().ifPresent(c -> getLog().info("fjdoctor: " + c.describe()));
        getLog().info("fjdoctor: " + TextReport.summary(reported) + "; reports: " + String.join(", ", written));
        long safe = shown.stream().filter(f -> report.hasFix(f, Safety.SAFE)).count();
        if (safe > 0) {
            getLog().info("fjdoctor: " + safe + " of " + shown.size() + " finding(s) have a SAFE fix: 'mvn "
                    + "fjdoctor:fix' applies them; fjdoctor.html in " + outputDirectory + " shows each fix's diff");
        }

        verdict(shown, reported, analyzed.get().settings());
    }

    /**
     * Fails the build on a shown finding at or above {@code failOn}, else on an incomplete analysis unless
     * the settings turn {@code failOnIncomplete} off, when it warns.
     */
    void verdict(List<Finding> shown, ScanResult reported, Settings settings) throws MojoFailureException {
        FailOn effective = settings.failOn().value();
        long failing = shown.stream().filter(settings::fails).count();
        if (failing > 0) {
            throw new MojoFailureException("fjdoctor: " + failing + (failing == 1 ? " finding" : " findings")
                    + " at or above " + effective + " in " + project.getArtifactId() + " (listed above; "
                    + outputDirectory + " has the reports)");
        }
        if (!reported.complete()) {
            String incomplete = "fjdoctor: ANALYSIS INCOMPLETE: fjdoctor failed on part of " + project.getArtifactId()
                    + "; the rule-failed and model-failed problems listed above say what was not analysed ("
                    + outputDirectory + " has the reports)";
            if (settings.failsIncomplete(reported)) {
                throw new MojoFailureException(incomplete + "; <failOnIncomplete>false</failOnIncomplete> only warns");
            }
            getLog().warn(incomplete);
        }
    }

    private Optional<Baseline> readBaseline() throws MojoExecutionException {
        if (baseline == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Baseline.read(baseline.toPath()));
        } catch (Baseline.InvalidBaselineException e) {
            throw new MojoExecutionException("fjdoctor: " + e.getMessage(), e);
        }
    }

    /** Before the analysis: a wrong revision must fail the build, not report "no findings". */
    private Optional<ChangedLines> readChangedLines() throws MojoExecutionException {
        if (changedSince == null || changedSince.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ChangedLines.since(changedSince, List.of(project.getBasedir().toPath())));
        } catch (ChangedLines.ChangedLinesException e) {
            throw new MojoExecutionException("fjdoctor: <changedSince> " + changedSince + ": " + e.getMessage(), e);
        }
    }

    /** Every machine-readable format there is, as {@code fjdoctor.<format>}; the text goes to the log. */
    private List<String> writeReports(ScanReport report) throws MojoExecutionException {
        Path directory = outputDirectory.toPath();
        List<String> written = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            for (ReportFormat format : ReportFormat.values()) {
                if (format == ReportFormat.TEXT) {
                    continue;
                }
                Path file = directory.resolve("fjdoctor." + format);
                AtomicFile.write(file, writer -> format.report().write(report, writer));
                written.add(file.toString());
            }
        } catch (IOException e) {
            throw new MojoExecutionException("fjdoctor: cannot write the reports to " + directory + ": "
                    + e.getMessage(), e);
        }
        return written;
    }

    private void log(ScanReport report) throws MojoExecutionException {
        ScanResult result = report.result();
        if (result.findings().isEmpty() && result.problems().isEmpty()) {
            return;
        }
        StringWriter text = new StringWriter();
        try {
            new TextReport().write(report, text);
        } catch (IOException e) {
            throw new MojoExecutionException("fjdoctor: " + e.getMessage(), e);
        }
        // Up to the summary, which is logged on its own with the report files; the CLI's next steps after
        // it name CLI commands, so the goal says its own.
        List<String> lines = text.toString().lines().toList();
        int summary = lines.indexOf(TextReport.summary(result));
        lines.subList(0, summary < 0 ? lines.size() : summary).stream().filter(line -> !line.isBlank())
                .forEach(line -> getLog().warn(line));
    }
}
