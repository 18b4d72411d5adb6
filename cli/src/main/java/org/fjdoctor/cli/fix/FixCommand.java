package org.fjdoctor.cli.fix;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.fjdoctor.refactorings.pipeline.SourceWriter;
import org.fjdoctor.refactorings.pipeline.Verifier;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.cli.ExitCodes;
import org.fjdoctor.reports.Git;
import org.fjdoctor.cli.scan.DelayedProgress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fjdoctor fix}: apply the safe fixes of the findings, in place, after verifying them. */
@Command(
        name = "fix",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Fix fork/join bottlenecks in place.",
        descriptionHeading = "%n",
        description = {
            "Analyzes the .java files under each PATH like 'fjdoctor scan', picks for every finding the first"
                    + " SAFE fix (or REVIEW fix, with --include-review), applies them together and checks the"
                    + " result: every changed file must parse and, when a classpath is known, compile. A fix that"
                    + " fails the check is left out and reported.",
            "",
            "Files are replaced atomically (a temporary file in the same directory, then a rename), in the"
                    + " charset they were read with, with their byte order mark and permissions. Inside a git"
                    + " work tree, files with uncommitted changes are not touched unless --force is given.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor fix --dry-run src/main/java",
            "      Show the changes as a unified diff (pipe it to 'git apply'); write nothing.",
            "  fjdoctor fix --rules copy-on-fork src/main/java",
            "  fjdoctor fix --maven --include-review .",
            "",
            "Exit codes:",
            "  0  done (also when there was nothing to fix, or some fixes were skipped)",
            "  1  internal error, or a file could not be written",
            "  2  usage error, no readable .java file, or files with uncommitted",
            "     changes (without --force)",
        })
public final class FixCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Source files or directories to fix.")
    List<Path> paths = new ArrayList<>();

    @Option(names = {"-n", "--dry-run"}, description = "Print the changes as a unified diff on standard output"
            + " (the summary goes to standard error) and write nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Also change files that have uncommitted changes in git.")
    boolean force;

    @Mixin
    AnalysisOptions analysis;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (Path path : paths) {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw usage("no such file or directory: " + path);
            }
        }
        Settings settings;
        try {
            settings = analysis.settings(paths);
        } catch (ConfigException | IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        FixSession.Outcome outcome = run(analysis, settings, paths, err);
        if (outcome.originals().isEmpty()) {
            err.println("fjdoctor: nothing to fix: no .java file under "
                    + String.join(", ", paths.stream().map(Path::toString).toList()) + " could be read");
            err.flush();
            return ExitCodes.USAGE;
        }
        if (dryRun) {
            out.print(FixSummary.diff(outcome));
            out.flush();
            FixSummary.print(outcome, "would apply", List.of(), err);
            return ExitCodes.OK;
        }
        if (!force) {
            List<String> dirty = dirtyFiles(outcome);
            if (!dirty.isEmpty()) {
                err.println("fjdoctor: refusing to change files with uncommitted changes (commit or stash them, or"
                        + " rerun with --force):");
                dirty.forEach(file -> err.println("  " + file));
                err.flush();
                return ExitCodes.USAGE;
            }
        }
        List<String> notWritten = new ArrayList<>();
        List<Path> realRoots = new ArrayList<>();
        for (Path path : paths) {
            realRoots.add(path.toRealPath());
        }
        for (Map.Entry<Path, String> file : outcome.rewritten().entrySet()) {
            SourceFile original = outcome.originals().get(file.getKey());
            // The analysis reads no file through a link out of the paths; this keeps it so for writing.
            if (realRoots.stream().noneMatch(original.path().toRealPath()::startsWith)) {
                notWritten.add(original.display() + ": outside the given paths (through a symbolic link); not written");
                continue;
            }
            try {
                SourceWriter.write(original, file.getValue());
            } catch (IOException e) {
                notWritten.add(e instanceof SourceWriter.WriteException ? e.getMessage()
                        : original.display() + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            }
        }
        FixSummary.print(outcome, "applied", notWritten, out);
        return notWritten.isEmpty() ? ExitCodes.OK : ExitCodes.INTERNAL_ERROR;
    }

    /** Analyzes, plans and verifies; shared with {@code patch}, which runs it in its own clone. */
    public static FixSession.Outcome run(AnalysisOptions analysis, Settings settings, List<Path> roots,
                                         PrintWriter err) throws NoSuchFileException {
        Analyzer.Progress progress = DelayedProgress.start(err, java.time.Duration.ofSeconds(1), analysis.quiet);
        try {
            List<Path> classpath = analysis.classpath(roots, err, progress);
            Analyzer.Analysis result = new Analyzer().analyze(analysis.sourceSet(roots, classpath, settings),
                    analysis.options(settings, progress));
            if (!analysis.quiet) {
                // Which settings file and which level(s) the fixes are written for, each with its origin.
                err.println("fjdoctor: " + settings.fileLine());
                result.javaLevels().uses().forEach(use -> err.println("fjdoctor: Java level " + use.level().feature()
                        + ", from " + use.level().source()));
                err.flush();
            }
            progress.phase("planning and verifying fixes");
            Verifier verifier = new Verifier(result.files(), classpath, result.javaLevels(), analysis.encoding);
            return FixSession.run(result, analysis.includeReview, verifier);
        } finally {
            DelayedProgress.stop(progress);
        }
    }

    /** The changed files that git reports as modified, staged, untracked or otherwise not committed. */
    private static List<String> dirtyFiles(FixSession.Outcome outcome) throws IOException {
        Map<Path, Optional<Path>> topLevels = new LinkedHashMap<>();
        List<String> dirty = new ArrayList<>();
        for (Path path : outcome.rewritten().keySet()) {
            Path directory = path.getParent();
            Optional<Path> top = topLevels.computeIfAbsent(directory, Git::topLevel);
            if (top.isEmpty()) {
                continue;
            }
            Git.Result status = new Git(top.get()).run("status", "--porcelain", "--", path.toString());
            if (!status.ok() || !status.out().isBlank()) {
                dirty.add(outcome.originals().get(path).display()
                        + (status.ok() ? "" : " (git status failed: " + status.message() + ")"));
            }
        }
        return dirty;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
