package org.fjdoctor.maven;

import java.io.File;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.source.ClasspathEntries;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * What both goals share: the parameters, the module's settings file, and one analysis of the module
 * restricted to the findings that concern it.
 */
abstract class AbstractFjdoctorMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    /** Resolves the dependencies that are not modules of this build ({@link CompileClasspath}). */
    @Component
    RepositorySystem repositorySystem;

    /** Skip fjdoctor for this module (or the whole build: {@code -Dfjdoctor.skip}). */
    @Parameter(property = "fjdoctor.skip", defaultValue = "false")
    boolean skip;

    /**
     * Only these rules, by id or code, comma-separated ({@code copy-on-fork,FJ5}). Default: every rule the
     * settings file leaves on.
     */
    @Parameter(property = "fjdoctor.rules")
    String rules;

    /**
     * The settings file. Default: the {@code .fjdoctor.yml} in the module's directory or the nearest one
     * above it, up to the directory holding {@code .git}. Parameters given here win over it.
     */
    @Parameter(property = "fjdoctor.config")
    File config;

    /** The charset of the sources; default: UTF-8 with a Latin-1 fallback per file. */
    @Parameter(property = "fjdoctor.encoding", defaultValue = "${project.build.sourceEncoding}")
    String encoding;

    /** An analysis of the module, with only the findings that concern it ({@link ModuleSources#concerns}). */
    record ModuleAnalysis(ModuleSources sources, Settings settings, Analyzer.Analysis analysis) {
    }

    /** Empty when there is nothing to analyze (no Java sources); the reason is logged. */
    Optional<ModuleAnalysis> analyze() throws MojoExecutionException {
        ModuleSources sources;
        try {
            sources = ModuleSources.of(project, new CompileClasspath(repositorySystem, session));
        } catch (ArtifactResolutionException e) {
            throw new MojoExecutionException("fjdoctor: the compile classpath of " + project.getId()
                    + " cannot be resolved: " + e.getMessage(), e);
        }
        if (sources.own().isEmpty()) {
            getLog().info("fjdoctor: no Java sources in " + project.getArtifactId() + "; nothing to analyze");
            return Optional.empty();
        }
        Settings settings = settings(sources);
        List<Path> classpath = ClasspathEntries.usable(sources.classpath(),
                message -> getLog().warn("fjdoctor: " + message));
        SourceSet sourceSet = settings.applyTo(SourceSet.of(sources.roots()).withClasspath(classpath)
                .withEncoding(charset()));
        Analyzer.Options options = settings.applyTo(Analyzer.Options.defaults()
                .withProgress(message -> getLog().debug("fjdoctor: " + message)));
        getLog().info("fjdoctor: analyzing " + sources.own().size() + " source root(s) of " + project.getArtifactId()
                + (sources.siblings().isEmpty() ? "" : " (with " + sources.siblings().size()
                        + " of the modules it depends on)")
                + ", " + sources.classpath().size() + " classpath entries");
        settings.describe().forEach(line -> getLog().info("fjdoctor: " + line));
        Analyzer.Analysis analysis;
        try {
            analysis = new Analyzer().analyze(sourceSet, options);
        } catch (NoSuchFileException e) {
            throw new MojoExecutionException("fjdoctor: " + e.getFile() + " does not exist", e);
        }
        return Optional.of(new ModuleAnalysis(sources, settings, restrict(analysis, sources)));
    }

    Charset charset() throws MojoExecutionException {
        if (encoding == null || encoding.isBlank()) {
            return null;
        }
        try {
            return Charset.forName(encoding.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new MojoExecutionException("fjdoctor: unknown encoding '" + encoding + "'", e);
        }
    }

    /**
     * What the parameters say, for {@link SettingsResolver}: the settings file, the rules and the module's
     * compiler level as Maven resolved it (goals add their own parameters).
     */
    SettingsResolver.Explicit explicitSettings(ModuleSources sources) {
        List<String> selectors = rules == null ? List.of() : Arrays.asList(rules.split(","));
        SettingsResolver.Explicit given = SettingsResolver.Explicit.none()
                .withConfigFile(config == null ? null : config.toPath())
                .withRules(selectors);
        if (sources.javaLevel().isPresent()) {
            try {
                given = given.withHostLevel(new JavaLevel(JavaLevel.parse(sources.javaLevel().get()),
                        "pom.xml at " + project.getBasedir() + " (the compiler plugin's release/source or"
                                + " maven.compiler.* = " + sources.javaLevel().get() + ")"));
            } catch (IllegalArgumentException e) {
                getLog().warn("fjdoctor: the module's Java level: " + e.getMessage()
                        + "; using the settings file's or the build files'");
            }
        }
        return given;
    }

    private Settings settings(ModuleSources sources) throws MojoExecutionException {
        try {
            return SettingsResolver.resolve(explicitSettings(sources), List.of(project.getBasedir().toPath()));
        } catch (ConfigException e) {
            throw new MojoExecutionException("fjdoctor: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("fjdoctor: <rules>: " + e.getMessage(), e);
        }
    }

    /** The analysis with only the findings (and file problems) that concern this module. */
    private static Analyzer.Analysis restrict(Analyzer.Analysis analysis, ModuleSources sources) {
        ScanResult all = analysis.result();
        List<Finding> findings = all.findings().stream().filter(sources::concerns).toList();
        ScanResult result = new ScanResult(all.rules(), findings,
                all.problems().stream().filter(p -> sources.isOwn(p.file())).toList(),
                all.files(), all.lines(), all.modelFiles(), all.millis());
        return new Analyzer.Analysis(result, analysis.model(), analysis.files(), analysis.elements(),
                analysis.matches(), analysis.javaLevels());
    }
}
