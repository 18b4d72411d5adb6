package org.fjdoctor.cli.fix;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.cli.scan.Converters;
import org.fjdoctor.cli.scan.ClasspathOption;

import picocli.CommandLine.Option;

/** The analysis options {@code fix} and {@code patch} share with {@code scan}. */
public final class AnalysisOptions {

    @Option(names = {"-r", "--rules"}, paramLabel = "RULE", split = ",",
            description = "Only fix findings of these rules, by id or code, comma-separated (e.g. copy-on-fork,FJ5)."
                    + " Default: all rules.")
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

    @Option(names = "--depth", paramLabel = "N", defaultValue = "" + ForkJoinModel.DEFAULT_CALL_DEPTH,
            description = "How many calls deep to follow methods called from task code (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--encoding", paramLabel = "CHARSET", converter = Converters.CharsetName.class,
            description = "Charset of the sources (default: UTF-8, falling back to ISO-8859-1 per file). Files are"
                    + " written back in the charset they were read with, byte order mark included.")
    Charset encoding;

    @Option(names = "--java-level", paramLabel = "N", defaultValue = "17", converter = Converters.JavaLevel.class,
            description = "Java language level of the sources (default: ${DEFAULT-VALUE}).")
    public int javaLevel;

    /** @throws IllegalArgumentException for an unknown rule or a negative depth (a usage error) */
    public List<Rule> selectedRules() {
        if (depth < 0) {
            throw new IllegalArgumentException("--depth must be 0 or more, not " + depth);
        }
        return Rules.select(rules.stream().map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    /** The classpath from --classpath and --maven; missing entries are skipped with a warning. */
    public List<Path> classpath(List<Path> roots, PrintWriter err, Analyzer.Progress progress) {
        return ClasspathOption.resolve(classpath, maven, roots, message -> warn(err, message), progress);
    }

    public SourceSet sourceSet(List<Path> roots, List<Path> resolvedClasspath) {
        return SourceSet.of(roots).withClasspath(resolvedClasspath).withJavaLevel(javaLevel).withEncoding(encoding);
    }

    public Analyzer.Options options(List<Rule> selected, Analyzer.Progress progress) {
        return Analyzer.Options.defaults()
                .withRules(selected)
                .withMode(full ? Analyzer.Mode.FULL : Analyzer.Mode.FOCUSED)
                .withCallDepth(depth)
                .withProgress(progress);
    }

    private void warn(PrintWriter err, String message) {
        if (!quiet) {
            err.println("fjdoctor: warning: " + message);
            err.flush();
        }
    }
}
