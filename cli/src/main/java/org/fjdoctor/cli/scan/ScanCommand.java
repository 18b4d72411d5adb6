package org.fjdoctor.cli.scan;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.FailOn;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.refactorings.pipeline.WriteFailure;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.InputPaths;
import org.fjdoctor.cli.common.OutputTarget;
import org.fjdoctor.cli.docs.RulePages;
import org.fjdoctor.cli.scan.cache.CachingScan;
import org.fjdoctor.cli.scan.cache.ScanCache;
import org.fjdoctor.cli.scan.cache.ScanCacheLocation;
import org.fjdoctor.reports.Baseline;
import org.fjdoctor.reports.ChangedLines;
import org.fjdoctor.reports.ChangedLines.ChangedLinesException;
import org.fjdoctor.reports.ChangedSince;
import org.fjdoctor.reports.FjdoctorVersion;
import org.fjdoctor.reports.Printable;
import org.fjdoctor.reports.Report;
import org.fjdoctor.reports.ReportFormat;
import org.fjdoctor.reports.ScanReport;
import org.fjdoctor.reports.TextReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fjdoctor scan}: analyze source trees and report findings.
 * <p>
 * Most of its length is its options and their help text, declared where picocli reads them; what it does with
 * them is under 200 lines, and the scan itself is {@link CachingScan}'s and the reports'. Moving the declarations
 * elsewhere would part each option from the code that reads it for no gain in what the code does.
 */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Scan Java sources for fork/join bottlenecks.",
        descriptionHeading = "%n",
        description = {
            "Reads the .java files under each PATH (directories are walked; target/, .git/ and similar are"
                    + " skipped), builds a model of the fork/join code and reports every finding of the"
                    + " selected rules. Files that cannot be used (binary, unparsable, unreadable, too large)"
                    + " are listed as problems; they never stop the scan or change the exit code.",
            "",
            "No build is needed: sources are analyzed in Spoon's no-classpath mode. --classpath or --maven"
                    + " add libraries for sharper type resolution.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor scan src/main/java",
            "      Text report of all rules; exit code 4 if there is a warning or an error.",
            "  fjdoctor scan --rules copy-on-fork,FJ3 --fail-on error .",
            "      Only two rules; fail only on errors.",
            "  fjdoctor scan --format sarif --output fjdoctor.sarif .",
            "      SARIF 2.1.0 for code scanning and review bots: paths relative to the",
            "      git root, fixes as replacements (docs/ci.md has GitHub workflows).",
            "  fjdoctor scan --format html --output fjdoctor.html .",
            "      One page to read in a browser or keep as a CI artifact.",
            "  fjdoctor scan --format json --output baseline.json --fail-on none .",
            "  fjdoctor scan --baseline baseline.json .",
            "      Record today's findings once, then fail only on new ones.",
            "  fjdoctor scan --changed-since origin/main --format sarif -o fjdoctor.sarif .",
            "      Only findings on lines a pull request changes (docs/ci.md).",
            "  fjdoctor scan --severity copy-on-fork=error --fail-on error .",
            "      Fail only on copies handed to subtasks (and other errors).",
            "  fjdoctor scan --maven --full --depth 8 path/to/maven-project",
            "      Resolve the project's dependencies with Maven, model every file and",
            "      follow calls from task code 8 levels deep.",
            "",
            "Exit codes:",
            "  0  no finding at or above the --fail-on level (problems with single",
            "     files, such as unparsable ones, do not count)",
            "  1  internal error (rerun with --stacktrace for details)",
            "  2  usage error: unknown option, rule or format; missing or nonexistent",
            "     PATH; unreadable or invalid baseline or config file; no .java file that could be read;",
            "     a --changed-since revision git does not know, or a PATH outside a git work tree",
            "  3  no finding at or above the --fail-on level, but a rule or a model of",
            "     fjdoctor's failed: the report's rule-failed and model-failed problems say",
            "     what was not analysed (0 with --no-fail-on-incomplete)",
            "  4  findings at or above the --fail-on level",
            "",
            "Settings file: rules on or off, their severities, excluded paths, depth,",
            "Java level and fail-on can also live in a .fjdoctor.yml (see --config):",
            "  rules: {copy-on-fork: off, FJ5: error}",
            "  exclude: [\"src/generated/**\"]",
            "  depth: 7",
            "  javaLevel: 17",
            "  failOn: warning",
        })
public final class ScanCommand implements Callable<Integer> {

    /** How long a scan runs before progress lines appear on stderr. */
    static final Duration PROGRESS_DELAY = Duration.ofSeconds(1);

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "1..*",
            description = "Source files or directories to scan. Reports show paths as given here (below a"
                    + " directory: the directory as given, then the path below it).")
    List<Path> paths = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). json is"
                    + " fjdoctor's own format (rules, findings with fingerprints, problems, stats); sarif is"
                    + " SARIF 2.1.0 with fixes, paths relative to the git root of the PATHs (%%SRCROOT%%) and"
                    + " rule help links (docs/ci.md); html is one self-contained page with summaries per rule"
                    + " and module, source excerpts, related locations and every fix's diff.")
    ReportFormat format;

    @Option(names = {"-o", "--output", "--out"}, paramLabel = "FILE",
            description = "Write the report to FILE (replaced atomically; a link is written through) instead of"
                    + " standard output ('-' or /dev/stdout). FILE must not be one of the inputs: a PATH, a"
                    + " .java file under one, the baseline or the settings file.")
    Path output;

    @Option(names = {"-r", "--rules"}, paramLabel = "RULE", split = ",",
            description = "Only these rules, by id or code, comma-separated (e.g. copy-on-fork,FJ5)."
                    + " Default: all rules (listed below) that the settings file leaves on.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--severity", paramLabel = "RULE=LEVEL",
            description = "Report every finding of RULE (id or code) at LEVEL: note, warning or error; may be"
                    + " repeated. Wins over the settings file; --fail-on compares against it.")
    List<String> severities = new ArrayList<>();

    @Option(names = "--fail-on", paramLabel = "LEVEL",
            description = "Exit with code 4 when a finding is at least this severe: ${COMPLETION-CANDIDATES}"
                    + " (default: warning, or failOn in the settings file; none never fails).")
    FailOn failOn;

    @Option(names = {"-b", "--baseline"}, paramLabel = "FILE",
            description = "A JSON or SARIF report of an earlier scan. Findings whose fingerprint it contains"
                    + " are left out of the report and the exit code. Fingerprints ignore line numbers, so"
                    + " findings stay matched when code around them moves.")
    Path baseline;

    @Option(names = "--changed-since", paramLabel = "REF",
            description = "Report only findings whose location, related locations or call path touch a line"
                    + " changed since the git revision REF: what 'git diff REF' adds or changes in the work tree"
                    + " (uncommitted edits too) and every untracked file. Combines with --baseline; the exit code"
                    + " counts only the findings shown. The report says how many others there were.")
    String changedSince;

    @Option(names = {"-q", "--quiet"},
            description = "No progress and no notes on stderr (warnings and errors are still shown).")
    boolean quiet;

    @Option(names = "--include-tests",
            description = "Report findings in test sources (src/test, test folders, *Test.java) and in main code"
                    + " reached only from them, at their rule's severity, counted apart from main code. By default"
                    + " they are not reported: a test that blocks a worker usually does so on purpose."
                    + " (.fjdoctor.yml: includeTests: true)")
    private boolean includeTests;

    @Option(names = "--fail-on-incomplete", negatable = true, paramLabel = "",
            description = "Exit 3 when a rule or a model of fjdoctor's failed on part of the code, whose findings"
                    + " may then be missing (the default); --no-fail-on-incomplete only warns and exits as if the"
                    + " scan were complete. (.fjdoctor.yml: failOnIncomplete: false)")
    private Boolean failOnIncomplete;

    @Option(names = "--full",
            description = "Model every parsable file instead of only the files that can contribute to a"
                    + " finding. Slower; the findings are the same, but it checks that every file parses.")
    boolean full;

    @Option(names = "--classpath", paramLabel = "CP",
            description = "Jars and class directories the sources compile against, separated by '"
                    + "${sys:path.separator}'; may be repeated. Missing entries are skipped with a warning.")
    List<String> classpath = new ArrayList<>();

    @Option(names = "--maven",
            description = "For each PATH with a pom.xml, ask Maven for the project's classpath"
                    + " (dependency:build-classpath, using the project's ./mvnw if it has one). If that fails"
                    + " the scan goes on without a classpath, with a warning.")
    boolean maven;

    @Option(names = "--depth", paramLabel = "N",
            description = "How many calls deep to follow methods called from task code, counting only calls that"
                    + " may dispatch: calls of constructors and of static, private or final methods are followed"
                    + " without counting (default: " + ForkJoinModel.DEFAULT_CALL_DEPTH
                    + ", or depth in the settings file).")
    Integer depth;

    @Option(names = "--max-file-size", paramLabel = "BYTES", defaultValue = "4m",
            converter = Converters.ByteSize.class,
            description = "Skip (and list as a problem) files larger than this; accepts k, m and g"
                    + " suffixes (default: ${DEFAULT-VALUE}).")
    long maxFileSize;

    @Option(names = "--encoding", paramLabel = "CHARSET", converter = Converters.CharsetName.class,
            description = "Charset of the sources (default: UTF-8, falling back to ISO-8859-1 per file"
                    + " with a note).")
    Charset encoding;

    @Option(names = "--java-level", paramLabel = "N", converter = Converters.JavaLevel.class,
            description = "Java language level of the sources, " + Converters.JavaLevel.MIN + " to "
                    + Converters.JavaLevel.MAX + ". Default: javaLevel in the settings file, else per file what the"
                    + " nearest build settings at or above it declare (Maven module, Gradle project, Eclipse project),"
                    + " else " + Config.DEFAULT_JAVA_LEVEL + ". Offered fixes (SARIF, HTML) are written for it.")
    Integer javaLevel;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Keep the results of scans in DIR and reuse them when the files, settings, classpath"
                    + " and fjdoctor version are the same (default: .fjdoctor/cache at the top of the git work"
                    + " tree of the PATHs, else in the one directory scanned). A cache that cannot be written"
                    + " is skipped.")
    Path cacheDir;

    @Option(names = "--no-cache", description = "Neither read nor write the cache: analyze every time.")
    boolean noCache;

    @Mixin
    ConfigOption config;

    /**
     * Hears each phase of the analysis besides the progress lines. Nothing but tests sets it: one that throws in
     * a phase fails that part of the analysis as a bug of fjdoctor's would, on the production path.
     */
    Analyzer.Progress phases = Analyzer.Progress.NONE;

    /** Adds the rule list to the help; it comes from the rules on the class path, not from here. */
    public static void describeRules(CommandSpec scan) {
        List<String> footer = new ArrayList<>(List.of(scan.usageMessage().footer()));
        footer.add("");
        footer.add("Rules (--rules takes the id or the code):");
        for (Rule rule : Rules.all()) {
            RuleInfo info = rule.info();
            footer.add(String.format("  %-5s %s (%s)", info.code(), info.id(),
                    info.severity().name().toLowerCase(java.util.Locale.ROOT)));
            footer.add("        " + info.title());
        }
        scan.usageMessage().footer(footer.toArray(String[]::new));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> reportFile = checkOutput();
        Optional<Baseline> known = readBaseline();
        checkPaths();
        Optional<ChangedLines> changed = readChangedLines();
        Settings settings = resolveSettings();

        Analyzer.Progress progress = DelayedProgress.start(err, PROGRESS_DELAY, quiet);
        int found;
        ScanReport report;
        try {
            SourceSet sources = settings.applyTo(SourceSet.of(paths)
                    .withClasspath(classpath(err, progress))
                    .withMaxFileSize(maxFileSize)
                    .withEncoding(encoding));
            Analyzer.Options options = settings.applyTo(Analyzer.Options.defaults()
                    .withMode(full ? Analyzer.Mode.FULL : Analyzer.Mode.FOCUSED)
                    .withProgress(phase -> {
                        progress.phase(phase);
                        phases.phase(phase);
                    }));
            CachingScan.Scanned scanned = CachingScan.run(cache(), sources, options, settings, paths,
                    format.showsFixes());
            List<Finding> all = scanned.scan().result().findings();
            found = all.size();
            List<Finding> unknown = known.map(b -> b.newFindings(all)).orElse(all);
            List<Finding> shown = changed.map(c -> c.filter(unknown)).orElse(unknown);
            report = scanned.scan().report(shown, paths, scanned.files(), format.showsFixes(), scanned.millis());
            if (changed.isPresent()) {
                report = report.withChangedSince(new ChangedSince(changedSince, shown.size(),
                        unknown.size() - shown.size()));
            }
        } catch (NoSuchFileException e) {
            throw usage("no such file or directory: " + Printable.escape(e.getFile()));
        } finally {
            DelayedProgress.stop(progress);
        }

        if (!writeReport(report, reportFile, err)) {
            return ExitCodes.INTERNAL_ERROR;
        }
        if (report.result().files() == 0) {
            err.println("fjdoctor: " + nothingToAnalyze(paths, report.result().problems().size()));
            err.flush();
            return ExitCodes.USAGE;
        }
        List<Finding> shown = report.result().findings();
        int hidden = found - report.changedSince().map(c -> c.shown() + c.notShown()).orElse(shown.size());
        if (known.isPresent() && !quiet) {
            err.println("fjdoctor: " + hidden + (hidden == 1 ? " finding" : " findings") + " hidden by the baseline");
        }
        boolean textOnScreen = format == ReportFormat.TEXT && reportFile.isEmpty();
        if (report.changedSince().isPresent() && !quiet && !textOnScreen) {
            err.println("fjdoctor: " + report.changedSince().get().describe());
        }
        err.flush();
        boolean fail = shown.stream().anyMatch(settings::fails);
        return fail ? ExitCodes.FINDINGS : settings.failsIncomplete(report.result()) ? ExitCodes.INCOMPLETE : ExitCodes.OK;
    }

    /** The cache this scan reads and writes: --cache-dir, else the default place; none with --no-cache. */
    private Optional<ScanCache> cache() {
        if (noCache) {
            return Optional.empty();
        }
        Optional<Path> directory = cacheDir != null ? Optional.of(cacheDir) : ScanCacheLocation.defaultFor(paths);
        return directory.map(d -> new ScanCache(d, FjdoctorVersion.get()));
    }

    /** Why a scan of {@code paths} had nothing to work on: no Java file, or none that could be used. */
    public static String nothingToAnalyze(List<Path> paths, int unusable) {
        String where = Printable.escape(String.join(", ", paths.stream().map(Path::toString).toList()));
        return unusable == 0 ? "nothing to analyze: no .java files under " + where
                : "nothing to analyze: none of the " + unusable + " .java files under " + where
                        + " could be used (the report lists why)";
    }

    /** Flags over the settings file over the build files, in one place ({@link SettingsResolver}). */
    private Settings resolveSettings() {
        SettingsResolver.Explicit given = SettingsResolver.Explicit.none()
                .withConfigFile(config.file())
                .withRules(rules)
                .withSeverities(severityFlags())
                .withCallDepth(depth, "--depth")
                .withJavaLevel(javaLevel, "--java-level")
                .withFailOn(failOn, "--fail-on")
                .withIncludeTests(includeTests, "--include-tests")
                .withFailOnIncomplete(failOnIncomplete,
                        Boolean.FALSE.equals(failOnIncomplete) ? "--no-fail-on-incomplete" : "--fail-on-incomplete");
        try {
            return SettingsResolver.resolve(given, paths);
        } catch (ConfigException | IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** The --severity flags by rule id. */
    private Map<String, Severity> severityFlags() {
        Map<String, Severity> given = new HashMap<>();
        for (String severity : severities) {
            try {
                Map.Entry<String, Severity> override = Config.severityOverride(severity);
                given.put(override.getKey(), override.getValue());
            } catch (IllegalArgumentException e) {
                throw usage("--severity " + severity + ": " + e.getMessage());
            }
        }
        return given;
    }

    /** The report file, or empty for standard output; a usage error when it would replace an input. */
    private Optional<Path> checkOutput() {
        if (output == null) {
            return Optional.empty();
        }
        List<Path> inputs = new ArrayList<>(paths);
        Stream.of(baseline, config.file).filter(Objects::nonNull).forEach(inputs::add);
        try {
            return OutputTarget.reportFile("--output", output, inputs);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private Optional<Baseline> readBaseline() {
        if (baseline == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Baseline.read(baseline));
        } catch (Baseline.InvalidBaselineException e) {
            throw usage(e.getMessage());
        }
    }

    /** Before the scan: a wrong revision must fail, not report "no findings". */
    private Optional<ChangedLines> readChangedLines() {
        if (changedSince == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ChangedLines.since(changedSince, paths));
        } catch (ChangedLinesException e) {
            throw usage("--changed-since " + Printable.escape(changedSince) + ": " + e.getMessage());
        }
    }

    /** Before Maven runs or the scan starts: a typo in a path should fail at once. */
    private void checkPaths() {
        for (Path path : paths) {
            String error = InputPaths.error(path);
            if (error != null) {
                throw usage(error);
            }
        }
    }


    private List<Path> classpath(PrintWriter err, Analyzer.Progress progress) {
        return ClasspathOption.resolve(classpath, maven, paths, message -> warn(err, message), progress);
    }

    /** False (after saying why) when the report file cannot be written. */
    private boolean writeReport(ScanReport scan, Optional<Path> file, PrintWriter err) throws IOException {
        // Text links each rule's page: on this machine, where the installation keeps them.
        Report report = format == ReportFormat.TEXT ? new TextReport(RulePages.location()) : format.report();
        if (file.isEmpty()) {
            PrintWriter out = spec.commandLine().getOut();
            report.write(scan, out);
            out.flush();
            return true;
        }
        try {
            AtomicFile.write(file.get(), writer -> report.write(scan, writer));
        } catch (IOException e) {
            err.println("fjdoctor: cannot write the report to " + output + ": " + WriteFailure.reason(e));
            return false;
        }
        if (!quiet) {
            err.println("fjdoctor: " + TextReport.summary(scan.result()) + "; " + format + " report written to " + output);
        }
        return true;
    }

    private static void warn(PrintWriter err, String message) {
        err.println("fjdoctor: warning: " + message);
        err.flush();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
