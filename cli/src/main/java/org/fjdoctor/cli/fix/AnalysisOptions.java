package org.fjdoctor.cli.fix;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.cli.scan.ClasspathOption;
import org.fjdoctor.cli.scan.ConfigOption;
import org.fjdoctor.cli.scan.Converters;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The analysis options {@code fix} and {@code patch} share with {@code scan}. */
public final class AnalysisOptions {

    @Option(names = {"-r", "--rules"}, paramLabel = "RULE", split = ",",
            description = "Only fix findings of these rules, by id or code, comma-separated (e.g. copy-on-fork,FJ5)."
                    + " Default: all rules that the settings file leaves on.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--include-review",
            description = "Also apply fixes marked REVIEW (plausible, but not proven to preserve behaviour)."
                    + " Without it only SAFE fixes are applied and REVIEW ones are listed as skipped.")
    public boolean includeReview;

    @Option(names = {"-q", "--quiet"}, description = "No progress and no warnings about the classpath on stderr.")
    public boolean quiet;

    @Option(names = "--full", description = "Model every parsable file instead of only the files that can contribute"
            + " to a finding.")
    boolean full;

    @Option(names = "--classpath", paramLabel = "CP",
            description = "Jars and class directories the sources compile against, separated by '"
                    + "${sys:path.separator}'; may be repeated. With a classpath, changed files are also compiled"
                    + " before they are written.")
    List<String> classpath = new ArrayList<>();

    @Option(names = "--maven", description = "Ask Maven for the classpath of each path with a pom.xml"
            + " (dependency:build-classpath); changed files are then compiled before they are written.")
    boolean maven;

    @Option(names = "--depth", paramLabel = "N",
            description = "How many calls deep to follow methods called from task code, counting only calls that"
                    + " may dispatch: calls of constructors and of static, private or final methods are followed"
                    + " without counting (default: " + ForkJoinModel.DEFAULT_CALL_DEPTH
                    + ", or depth in the settings file).")
    Integer depth;

    @Option(names = "--encoding", paramLabel = "CHARSET", converter = Converters.CharsetName.class,
            description = "Charset of the sources (default: UTF-8, falling back to ISO-8859-1 per file). Files are"
                    + " written back in the charset they were read with, byte order mark included.")
    Charset encoding;

    @Option(names = "--java-level", paramLabel = "N", converter = Converters.JavaLevel.class,
            description = "Java language level of the sources, 1.5 to " + JavaLevel.MAX + " (1.6 and 6 are the same)."
                    + " Default: javaLevel in the settings file, else per file what the nearest build settings at or"
                    + " above it declare (a Maven module's maven.compiler.release/source, a Gradle project's"
                    + " sourceCompatibility, release or toolchain, an Eclipse project's .settings), else "
                    + JavaLevel.DEFAULT + ". Fixes only write code valid at each file's level.")
    public Integer javaLevel;

    @Mixin
    ConfigOption config;

    /**
     * The effective settings for {@code roots}: these options over the settings file over the build files
     * ({@link SettingsResolver}).
     *
     * @throws ConfigException          for a settings file that cannot be read or is wrong
     * @throws IllegalArgumentException for an unknown rule or a negative depth (a usage error)
     */
    public Settings settings(List<Path> roots) throws ConfigException {
        SettingsResolver.Explicit given = SettingsResolver.Explicit.none()
                .withConfigFile(config.file())
                .withRules(rules)
                .withCallDepth(depth, "--depth")
                .withJavaLevel(javaLevel, "--java-level");
        return SettingsResolver.resolve(given, roots);
    }

    /** The classpath from --classpath and --maven; missing entries are skipped with a warning. */
    public List<Path> classpath(List<Path> roots, PrintWriter err, Analyzer.Progress progress) {
        return ClasspathOption.resolve(classpath, maven, roots, message -> warn(err, message), progress);
    }

    public SourceSet sourceSet(List<Path> roots, List<Path> resolvedClasspath, Settings settings) {
        return settings.applyTo(SourceSet.of(roots).withClasspath(resolvedClasspath).withEncoding(encoding));
    }

    public Analyzer.Options options(Settings settings, Analyzer.Progress progress) {
        return settings.applyTo(Analyzer.Options.defaults()
                .withMode(full ? Analyzer.Mode.FULL : Analyzer.Mode.FOCUSED)
                .withProgress(progress));
    }

    private void warn(PrintWriter err, String message) {
        if (!quiet) {
            err.println("fjdoctor: warning: " + message);
            err.flush();
        }
    }
}
