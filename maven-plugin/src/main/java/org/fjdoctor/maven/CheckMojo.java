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
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.reports.AppliedSettings;
import org.fjdoctor.reports.Baseline;
import org.fjdoctor.reports.ReportFormat;
import org.fjdoctor.reports.ScanReport;
import org.fjdoctor.reports.TextReport;

/**
 * {@code fjdoctor:check}: analyzes the module, writes its reports to {@code target/fjdoctor/} (one file
 * per machine-readable report format: {@code fjdoctor.sarif}, {@code fjdoctor.json}, ...), prints the
 * findings and fails the build when one reaches {@code failOn}.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.COMPILE,
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

    /** Where the reports go. */
    @Parameter(property = "fjdoctor.outputDirectory", defaultValue = "${project.build.directory}/fjdoctor")
    File outputDirectory;

    /** The parsed {@link #failOn}, or null. */
    private FailOn threshold;

    @Override
    SettingsResolver.Explicit explicitSettings(ModuleSources sources) {
        return super.explicitSettings(sources).withFailOn(threshold, "<failOn>");
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
        Optional<ModuleAnalysis> analyzed = analyze();
        if (analyzed.isEmpty()) {
            return;
        }
        ScanResult result = analyzed.get().analysis().result();
        List<Finding> shown = known.map(b -> b.newFindings(result.findings())).orElse(result.findings());
        ScanResult reported = new ScanResult(result.rules(), shown, result.problems(), result.files(), result.lines(),
                result.modelFiles(), result.millis());
        AppliedSettings applied = AppliedSettings.of(analyzed.get().settings(), analyzed.get().analysis());
        List<String> written = writeReports(new ScanReport(reported, Map.of(), Map.of(),
                List.of(Path.of("").toAbsolutePath()), applied));
        log(reported);
        known.ifPresent(b -> getLog().info("fjdoctor: " + (result.findings().size() - shown.size())
                + " finding(s) hidden by the baseline " + baseline));
        getLog().info("fjdoctor: " + TextReport.summary(reported) + "; reports: " + String.join(", ", written));

        FailOn effective = analyzed.get().settings().failOn().value();
        long failing = shown.stream().filter(f -> effective.fails(f.severity())).count();
        if (failing > 0) {
            throw new MojoFailureException("fjdoctor: " + failing + (failing == 1 ? " finding" : " findings")
                    + " at or above " + effective + " in " + project.getArtifactId() + " (listed above; "
                    + outputDirectory + " has the reports)");
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

    private void log(ScanResult result) throws MojoExecutionException {
        if (result.findings().isEmpty() && result.problems().isEmpty()) {
            return;
        }
        StringWriter text = new StringWriter();
        try {
            new TextReport().write(result, text);
        } catch (IOException e) {
            throw new MojoExecutionException("fjdoctor: " + e.getMessage(), e);
        }
        // The last line is the summary, logged on its own with the report files.
        List<String> lines = text.toString().lines().toList();
        lines.subList(0, Math.max(0, lines.size() - 1)).stream().filter(line -> !line.isBlank())
                .forEach(line -> getLog().warn(line));
    }
}
