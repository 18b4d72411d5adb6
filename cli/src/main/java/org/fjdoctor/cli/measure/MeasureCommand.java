package org.fjdoctor.cli.measure;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.OutputTarget;
import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.compare.Comparisons;
import org.fjdoctor.measurements.report.MeasureReport;
import org.fjdoctor.measurements.runner.Measurement;
import org.fjdoctor.measurements.runner.Program;
import org.fjdoctor.measurements.runner.RunConfig;
import org.fjdoctor.measurements.runner.Runner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fjdoctor measure}: original against rewritten program, in forked JVMs, with statistics. */
@Command(
        name = "measure",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Measure original against rewritten programs: time, CPU, allocation, GC and energy.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = {
            "fjdoctor measure CORPUS_DIR [--workloads NAME,..] [--scale F] [--workload-args NAME=ARGS]... [OPTIONS]",
            "       fjdoctor measure --before DIR|JAR --after DIR|JAR --main CLASS [--program-args ARGS]"
                    + " [--classpath CP] [OPTIONS]",
        },
        descriptionHeading = "%n",
        description = {
            "Corpus mode: finds every workload under CORPUS_DIR (a program whose main class has a"
                    + " '// measure: ARGS' line; ARGS make one run take a measurable time), copies it to a temporary"
                    + " directory, rewrites it with fjdoctor's own fixes as 'fjdoctor fix --include-review' would"
                    + " (per finding the first fix, SAFE or REVIEW; each applied fix is listed in the results), compiles"
                    + " both versions with javax.tools and measures them. Workloads without any rewrite are skipped.",
            "",
            "Program mode: measures any program pair. --before and --after are each a source directory (compiled"
                    + " with javax.tools against --classpath), or a class directory or jar (used as is).",
            "",
            "Each program runs in its own JVMs: for every thread count, --forks JVMs of the original and of the"
                    + " rewritten program alternate (A B A B ...), so drift hits both alike. In each JVM the program's"
                    + " main runs --warmup times unmeasured, then --iterations times measured: wall time, process CPU"
                    + " time, allocated bytes (HotSpot thread allocation counters), GC count and time"
                    + " (GarbageCollectorMXBeans), and RAPL energy per domain (Linux powercap, else /dev/cpu/0/msr;"
                    + " otherwise 'energy: unavailable (<reason>)', never a guess). The thread count is the common"
                    + " pool's parallelism and the system property fjdoctor.threads.",
            "",
            "Statistics over the measured iterations of all JVMs: mean, median, standard deviation, 95%%"
                    + " confidence interval (Student t); speedup = original mean time / rewritten mean time,"
                    + " allocation reduction and energy saving = 1 - rewritten mean / original mean, each with"
                    + " Fieller's 95%% interval for a ratio of means. Each program must print a 'checksum=' line;"
                    + " when the lines differ (or one is missing), no speedup or saving is reported for that pair.",
            "",
            "Writes measure.json (usable as 'fjdoctor patch --evidence'), measure.md and measure.svg (speedup"
                    + " and allocation reduction with error bars) to --out, and prints the table.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor measure corpus",
            "  fjdoctor measure corpus --workloads sleepy-worker,arraysumbench --forks 5",
            "  fjdoctor measure corpus --scale 0.1 --forks 1 --warmup 1 --iterations 3   (quick look)",
            "  fjdoctor measure --before old/src --after new/src --main com.acme.Main --program-args '1000000'",
            "",
            "Exit codes:",
            "  0  measured (also when a pair's outputs differ: the table says so and reports no speedup)",
            "  1  a program failed to compile or run, or the results could not be written",
            "  2  usage error (unknown option, missing or conflicting arguments, bad numbers)",
        })
public final class MeasureCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CORPUS_DIR", arity = "0..1",
            description = "Directory to search for workloads (corpus mode), e.g. 'corpus' in the fjdoctor checkout.")
    Path corpus;

    @Option(names = "--before", paramLabel = "DIR|JAR", description = "Program mode: the original program.")
    Path before;

    @Option(names = "--after", paramLabel = "DIR|JAR", description = "Program mode: the rewritten program.")
    Path after;

    @Option(names = "--main", paramLabel = "CLASS", description = "Program mode: the fully qualified main class.")
    String mainClass;

    @Option(names = "--program-args", paramLabel = "ARGS",
            description = "Program mode: arguments for main, separated by spaces.")
    String programArgs = "";

    @Option(names = "--classpath", paramLabel = "CP", split = "${sys:path.separator}",
            description = "Program mode: libraries both programs compile and run against.")
    List<Path> classpath = new ArrayList<>();

    @Option(names = "--workloads", paramLabel = "NAME", split = ",",
            description = "Corpus mode: only these workloads, by program name (arraysumbench) or rule"
                    + " (copy-on-fork). Default: all.")
    List<String> workloads = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "F", defaultValue = "1",
            description = "Corpus mode: multiply each workload's input size (its first argument) by F"
                    + " (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--workload-args", paramLabel = "NAME=ARGS",
            description = "Corpus mode: arguments for one workload instead of its '// measure:' line; may be repeated.")
    Map<String, String> workloadArgs = new LinkedHashMap<>();

    @Option(names = "--forks", paramLabel = "N", defaultValue = "3",
            description = "JVMs per program and thread count (default: ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
            description = "Unmeasured iterations at the start of each JVM (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "5",
            description = "Measured iterations per JVM (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--threads", paramLabel = "N", split = ",",
            description = "Worker-thread counts to sweep, e.g. 1,2,4 (default: 1 and the number of processors).")
    List<Integer> threads = new ArrayList<>();

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g",
            description = "Fixed heap of each JVM (-Xms and -Xmx), or 'default' for the JVM's own sizing"
                    + " (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--gc", paramLabel = "NAME",
            description = "Garbage collector: G1, Parallel, Serial, Z or Shenandoah (default: the JVM's choice).")
    String gc;

    @Option(names = "--jvm-flag", paramLabel = "FLAG", description = "Another flag for each JVM; may be repeated.")
    List<String> jvmFlags = new ArrayList<>();

    @Option(names = {"-o", "--output", "--out"}, paramLabel = "DIR", defaultValue = "fjdoctor-measure",
            description = "Where measure.json, measure.md and measure.svg go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        RunConfig config = config();
        boolean programMode = before != null || after != null || mainClass != null;
        if (programMode == (corpus != null)) {
            throw usage(programMode ? "give either CORPUS_DIR or --before/--after/--main, not both"
                    : "give CORPUS_DIR, or --before DIR --after DIR --main CLASS");
        }
        if (programMode && (!workloads.isEmpty() || !workloadArgs.isEmpty() || scale != 1)) {
            throw usage("--workloads, --workload-args and --scale are for corpus mode");
        }
        if (!programMode && (!programArgs.isEmpty() || !classpath.isEmpty())) {
            throw usage("--program-args and --classpath are for program mode (--before/--after/--main)");
        }
        List<Path> inputs = new ArrayList<>(classpath);
        Stream.of(corpus, before, after).filter(Objects::nonNull).forEach(inputs::add);
        try {
            OutputTarget.directory("--output", out, List.of(ReportFiles.JSON, ReportFiles.MARKDOWN, ReportFiles.SVG),
                    inputs);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        Path work = Files.createTempDirectory("fjdoctor-measure");
        try {
            Runner runner = new Runner(config, work.resolve("runs"), this::progress);
            List<MeasureReport.Entry> entries = programMode ? List.of(measureProgram(runner, work))
                    : measureCorpus(runner, work);
            if (entries.isEmpty()) {
                err.println("fjdoctor measure: no workload with a rewrite found under " + corpus
                        + (workloads.isEmpty() ? "" : " matching " + workloads));
                err.flush();
                return ExitCodes.USAGE;
            }
            MeasureReport report = new MeasureReport(commandLine(), config, MeasureReport.describeMachine(), entries);
            ReportFiles.write(report, out);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(org.fjdoctor.measurements.report.MarkdownReport.table(report));
            new LinkedHashSet<>(entries.stream().flatMap(e -> e.comparisons().stream()).map(Comparison::energy).toList())
                    .forEach(stdout::println);
            stdout.println("wrote " + out.resolve(ReportFiles.JSON) + ", " + out.resolve(ReportFiles.MARKDOWN) + ", "
                    + out.resolve(ReportFiles.SVG));
            stdout.flush();
            return ExitCodes.OK;
        } finally {
            ReportFiles.deleteTree(work);
        }
    }

    private List<MeasureReport.Entry> measureCorpus(Runner runner, Path work) throws IOException, InterruptedException {
        if (!Files.isDirectory(corpus)) {
            throw usage("CORPUS_DIR " + corpus + " is not a directory");
        }
        List<Workload> found = Workload.find(corpus);
        for (String name : workloadArgs.keySet()) {
            if (found.stream().noneMatch(w -> w.name().equals(name))) {
                throw usage("--workload-args names no workload: " + name);
            }
        }
        List<MeasureReport.Entry> entries = new ArrayList<>();
        for (Workload workload : found) {
            if (!workloads.isEmpty() && workloads.stream().noneMatch(workload::matches)) {
                continue;
            }
            Path dir = work.resolve(workload.name());
            WorkloadRewrite rewrite = WorkloadRewrite.of(workload, dir);
            if (!rewrite.changedAnything()) {
                progress(workload.name() + ": no rewrite applies; skipped");
                continue;
            }
            Compilation.compile(rewrite.before(), dir.resolve("before-classes"), List.of());
            Compilation.compile(rewrite.after(), dir.resolve("after-classes"), List.of());
            List<String> args;
            try {
                args = workloadArgs.containsKey(workload.name())
                        ? split(workloadArgs.get(workload.name())) : workload.scaled(scale);
            } catch (NumberFormatException e) {
                throw usage("--scale needs a number as the first '// measure:' argument of " + workload.name());
            }
            Program original = new Program(List.of(dir.resolve("before-classes")), workload.mainClass(), args);
            Program rewritten = new Program(List.of(dir.resolve("after-classes")), workload.mainClass(), args);
            entries.add(new MeasureReport.Entry(workload.name(), String.join(", ", rewrite.rules()), rewrite.changes(),
                    compare(runner, workload.name(), original, rewritten)));
        }
        return entries;
    }

    private MeasureReport.Entry measureProgram(Runner runner, Path work) throws IOException, InterruptedException {
        if (before == null || after == null || mainClass == null) {
            throw usage("program mode needs all of --before, --after and --main");
        }
        Program original = new Program(programPath(before, work.resolve("before-classes")), mainClass, split(programArgs));
        Program rewritten = new Program(programPath(after, work.resolve("after-classes")), mainClass, split(programArgs));
        String name = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        return new MeasureReport.Entry(name, "", List.of("original " + before + ", rewritten " + after),
                compare(runner, name, original, rewritten));
    }

    /** A source directory is compiled; a class directory or jar is used as is. Libraries follow either way. */
    private List<Path> programPath(Path given, Path classes) throws IOException {
        if (!Files.exists(given)) {
            throw usage("no such file or directory: " + given);
        }
        List<Path> path = new ArrayList<>();
        if (Files.isDirectory(given) && Compilation.hasSources(given)) {
            Compilation.compile(given, classes, classpath);
            path.add(classes);
        } else {
            path.add(given.toAbsolutePath());
        }
        classpath.forEach(p -> path.add(p.toAbsolutePath()));
        return path;
    }

    private static List<Comparison> compare(Runner runner, String name, Program original, Program rewritten)
            throws IOException, InterruptedException {
        List<Comparison> comparisons = new ArrayList<>();
        for (Measurement measurement : runner.compare(name, original, rewritten)) {
            comparisons.add(Comparisons.of(measurement));
        }
        return comparisons;
    }

    private RunConfig config() {
        if (forks < 1 || warmup < 0 || iterations < 1) {
            throw usage("--forks and --iterations must be at least 1 and --warmup at least 0");
        }
        if (!(scale > 0)) {
            throw usage("--scale must be greater than 0, not " + scale);
        }
        List<Integer> sweep = threads.isEmpty()
                ? new ArrayList<>(new LinkedHashSet<>(List.of(1, Runtime.getRuntime().availableProcessors()))) : threads;
        if (sweep.stream().anyMatch(t -> t < 1)) {
            throw usage("--threads must be 1 or more: " + sweep);
        }
        if (!heap.equals("default") && !heap.matches("\\d+[kKmMgG]?")) {
            throw usage("--heap must be a size such as 512m or 2g, or 'default': " + heap);
        }
        List<String> flags = new ArrayList<>();
        if (gc != null) {
            flags.add(switch (gc.toLowerCase(java.util.Locale.ROOT)) {
                case "g1" -> "-XX:+UseG1GC";
                case "parallel" -> "-XX:+UseParallelGC";
                case "serial" -> "-XX:+UseSerialGC";
                case "z" -> "-XX:+UseZGC";
                case "shenandoah" -> "-XX:+UseShenandoahGC";
                default -> throw usage("--gc must be G1, Parallel, Serial, Z or Shenandoah, not " + gc);
            });
        }
        flags.addAll(jvmFlags);
        return RunConfig.of(forks, warmup, iterations, sweep, heap.equals("default") ? null : heap).withJvmFlags(flags);
    }

    private void progress(String message) {
        if (!quiet) {
            spec.commandLine().getErr().println("fjdoctor measure: " + message);
            spec.commandLine().getErr().flush();
        }
    }

    private String commandLine() {
        // The parse result's arguments start at the top command, so they include "measure".
        return "fjdoctor " + String.join(" ", spec.commandLine().getParseResult().originalArgs().stream()
                .map(a -> a.matches("[\\w./:=,@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'").toList());
    }

    private static List<String> split(String args) {
        return args.isBlank() ? List.of() : List.of(args.trim().split("\\s+"));
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
