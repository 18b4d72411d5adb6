package org.fjdoctor.cli.fix;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigException;
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
                    + " Default: what the build declares (maven.compiler.release/source, Gradle's sourceCompatibility,"
                    + " release or toolchain, Eclipse's .settings), else " + JavaLevel.DEFAULT + ". Fixes only write"
                    + " code valid at this level, and compile checks use javac --release at it.")
    public Integer javaLevel;

    /** The level resolved by {@link #javaLevel(List)}: the option, the build's, or the default. */
    private JavaLevel resolvedLevel;

    @Mixin
    ConfigOption config;

    /** The settings file for {@code roots} (or --config). */
    public Config settings(List<Path> roots) throws ConfigException {
        return config.load(roots);
    }

    /** @throws IllegalArgumentException for an unknown rule or a negative depth (a usage error) */
    public List<Rule> selectedRules(Config settings) {
        if (depth != null && depth < 0) {
            throw new IllegalArgumentException("--depth must be 0 or more, not " + depth);
        }
        return settings.rules(rules.stream().map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    /** The classpath from --classpath and --maven; missing entries are skipped with a warning. */
    public List<Path> classpath(List<Path> roots, PrintWriter err, Analyzer.Progress progress) {
        return ClasspathOption.resolve(classpath, maven, roots, message -> warn(err, message), progress);
    }

    /**
     * The Java level of the sources: {@code --java-level}, else the settings file's {@code javaLevel}, else
     * what the build around {@code roots} declares, else {@value JavaLevel#DEFAULT}.
     */
    public JavaLevel javaLevel(List<Path> roots, Config settings) {
        if (resolvedLevel == null) {
            if (javaLevel != null) {
                resolvedLevel = new JavaLevel(javaLevel, "--java-level");
            } else if (settings.javaLevel().isPresent()) {
                resolvedLevel = new JavaLevel(settings.javaLevel().getAsInt(),
                        "javaLevel in " + settings.file().map(Path::toString).orElse("the settings file"));
            } else {
                resolvedLevel = JavaLevel.detect(roots)
                        .orElse(new JavaLevel(JavaLevel.DEFAULT, "the default (no build file names one)"));
            }
        }
        return resolvedLevel;
    }

    public SourceSet sourceSet(List<Path> roots, List<Path> resolvedClasspath, Config settings) {
        return SourceSet.of(roots).withClasspath(resolvedClasspath).withJavaLevel(javaLevel(roots, settings).feature())
                .withEncoding(encoding).withExclusions(settings.exclusions());
    }

    public Analyzer.Options options(List<Rule> selected, Config settings, Analyzer.Progress progress) {
        return Analyzer.Options.defaults()
                .withRules(selected)
                .withMode(full ? Analyzer.Mode.FULL : Analyzer.Mode.FOCUSED)
                .withCallDepth(settings.callDepth(depth))
                .withProgress(progress);
    }

    private void warn(PrintWriter err, String message) {
        if (!quiet) {
            err.println("fjdoctor: warning: " + message);
            err.flush();
        }
    }
}
