package org.fjdoctor.cli.fix;

import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fjdoctor.refactorings.pipeline.FixWriter;
import org.fjdoctor.refactorings.pipeline.Verifier;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.cli.common.BinaryOut;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.InputPaths;
import org.fjdoctor.reports.Printable;
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
        versionProvider = org.fjdoctor.cli.common.Version.class,
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
                    + " charset they were read with, with their byte order mark, owner, group and permissions;"
                    + " read-only files are left alone. Inside a git"
                    + " work tree, files with uncommitted changes are not touched unless --force is given; nor are"
                    + " files in a work tree that git cannot check (git missing, a damaged .git). A file that"
                    + " cannot be written (read-only, deleted since the analysis) is reported and the others are"
                    + " still written.",
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
            "     changes or that git cannot check (without --force)",
        })
public final class FixCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Source files or directories to fix.")
    List<Path> paths = new ArrayList<>();

    @Option(names = {"-n", "--dry-run"}, description = "Print the changes as a unified diff on standard output"
            + " (the summary goes to standard error) and write nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Also change files that have uncommitted changes in git, or that git"
            + " cannot check (git missing, a damaged .git, a repository of dubious ownership).")
    boolean force;

    @Mixin
    AnalysisOptions analysis;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (Path path : paths) {
            String error = InputPaths.error(path);
            if (error != null) {
                throw usage(error);
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
                    + Printable.escape(String.join(", ", paths.stream().map(Path::toString).toList())) + " could be read");
            err.flush();
            return ExitCodes.USAGE;
        }
        if (dryRun) {
            BinaryOut.write(out, FixSummary.diff(outcome));
            FixSummary.print(outcome, "would apply", List.of(), err);
            return ExitCodes.OK;
        }
        if (!force && refusedAsUncommitted(outcome, err)) {
            return ExitCodes.USAGE;
        }
        FixWriter.Result result = FixWriter.write(outcome, paths);
        FixSummary.print(result.written(), "applied", result.notWritten().stream().map(Object::toString).toList(), out);
        return result.notWritten().isEmpty() ? ExitCodes.OK : ExitCodes.INTERNAL_ERROR;
    }

    /** True (after listing them) when files to change have uncommitted changes or git cannot tell. */
    private static boolean refusedAsUncommitted(FixSession.Outcome outcome, PrintWriter err) {
        UncommittedChanges changes = UncommittedChanges.of(outcome);
        if (!changes.dirty().isEmpty()) {
            err.println("fjdoctor: refusing to change files with uncommitted changes (commit or stash them, or"
                    + " rerun with --force):");
            changes.dirty().forEach(file -> err.println("  " + Printable.escape(file)));
        }
        if (!changes.unchecked().isEmpty()) {
            err.println("fjdoctor: refusing to change files in a git work tree that git cannot check for uncommitted"
                    + " changes (repair git or the repository, or rerun with --force):");
            changes.unchecked().forEach(file -> err.println("  " + Printable.escape(file)));
        }
        err.flush();
        return !changes.dirty().isEmpty() || !changes.unchecked().isEmpty();
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

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
