package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.survey.Manifest.ManifestException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fjdoctor survey}: scan many repositories, one JVM each, and summarize what they have in common. */
@Command(
        name = "survey",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Scan many repositories and summarize their fork/join use, findings and fixes.",
        descriptionHeading = "%n",
        description = {
            "For each repository of MANIFEST: check out its commit, count its fork/join use, scan it in a JVM of its"
                    + " own (with a heap cap and a time limit; the scan detects the build system's Java level and"
                    + " source roots as 'fjdoctor scan' does) with fixes planned, and record the result in"
                    + " DIR/repos/<name>.json. A repository that does not check out, crashes, times out or runs out of"
                    + " memory is recorded with the reason and the survey goes on. Then DIR/summary.md and"
                    + " DIR/summary.html: per-rule prevalence, fix coverage, framework mix, findings per KLOC.",
            "",
            "The embedded engine (default) runs --jobs repositories at once on this machine. --engine spark runs the"
                    + " same survey as an Apache Spark job (docs/survey.md), one repository per task.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor survey repos.csv -o survey/",
            "  fjdoctor survey --resume --timeout 20m --heap 2g repos.csv -o survey/",
            "  fjdoctor survey --mirror /srv/mirrors --patches repos.csv -o survey/",
            "  fjdoctor survey --engine spark --master 'local[4]' repos.csv -o survey/",
            "",
            "Exit codes:",
            "  0  the survey ran (repositories that failed are recorded, not fatal)",
            "  1  internal error",
            "  2  usage error: bad manifest line, missing manifest, bad option value",
        })
public final class SurveyCommand implements Callable<Integer> {

    enum Engine { EMBEDDED, SPARK }

    @Spec
    CommandSpec spec;

    @Mixin
    SurveyOptions options;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Repositories at once (embedded engine). Default: as many as the free memory holds at"
                    + " about 1.5 GB each (or the heap cap plus 512 MB), not the number of cores.")
    Integer jobs;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "embedded",
            description = "embedded (default: on this machine, no installation) or spark (an Apache Spark job).")
    Engine engine;

    @Option(names = "--master", paramLabel = "URL", defaultValue = "local[*]",
            description = "With --engine spark: the Spark master, e.g. local[4] (default: ${DEFAULT-VALUE}).")
    String master;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        String error = options.error();
        if (error != null) {
            throw new ParameterException(spec.commandLine(), error);
        }
        if (jobs != null && jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1");
        }
        List<Manifest.Entry> entries;
        try {
            entries = Manifest.read(options.manifest);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ParameterException(spec.commandLine(), "no such manifest: " + options.manifest);
        } catch (ManifestException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (engine == Engine.SPARK) {
            return SparkEngine.run(master, passedOn(), err);
        }
        Files.createDirectories(options.output);
        if (entries.isEmpty()) {
            err.println("fjdoctor: survey: " + options.manifest + " lists no repositories; the summary is empty");
        }
        int n = jobs != null ? jobs : JobCount.byFreeMemory(JobCount.heapBytes(options.heap));
        SurveyDirectory directory = new SurveyDirectory(options.output.toAbsolutePath());
        SurveyProgress progress = new SurveyProgress(err, entries.size(), n);
        new EmbeddedEngine(RepoSurvey.here(options.settings()), directory, n, options.patches)
                .run(entries, options.resume, progress);
        List<SurveyRun> runs = directory.recordRun(progress.run("embedded", options.manifest.toString()), options.resume);
        SurveySummary summary = SurveySummary.of(runs, directory.results(entries));
        SummaryWriter.write(options.output, summary);
        err.println("fjdoctor: survey: " + progress.line() + "; " + Durations.format(progress.elapsed())
                + "; summary in " + options.output.resolve("summary.md") + " and summary.html");
        err.flush();
        return ExitCodes.OK;
    }

    /** The command line as given after "survey", less what only this front end reads. */
    private List<String> passedOn() {
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        List<String> passed = new ArrayList<>();
        for (int i = given.indexOf(spec.name()) + 1; i < given.size(); i++) {
            String arg = given.get(i);
            if (arg.equals("--engine") || arg.equals("--master") || arg.equals("--jobs")) {
                i++;
            } else if (!arg.startsWith("--engine=") && !arg.startsWith("--master=") && !arg.startsWith("--jobs=")
                    && !arg.equals("--stacktrace")) {
                passed.add(arg);
            }
        }
        return passed;
    }
}
