import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.engine.Engine;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * Warm-engine latency: opens the engine on a tree (settings resolved as the CLI resolves them), then edits
 * N different files one after another as unsaved buffers (nothing is written) and times each update. The
 * edit appends a comment line, which changes no finding: after every update the findings must still be
 * the opening ones (a cold scan's), which is checked. Files are picked evenly from the model's files (task
 * code and the code it reaches) and, separately, from the files the focused model left out.
 *
 * Each update's wall time is reported with the process CPU time it took: on a shared machine the wall time
 * says as much about the other processes as about the update.
 *
 * Run by bench/warm-bench.sh; prints one line per edit and the medians.
 */
public final class WarmBench {

    /** The phases the engine announced since the last update began, with when: where an update's time goes. */
    private static final List<Phase> PHASES = new java.util.concurrent.CopyOnWriteArrayList<>();

    private record Phase(String message, long nanos) {
        Phase(String message) {
            this(message, System.nanoTime());
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        int inModel = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int outside = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Settings settings = SettingsResolver.resolve(SettingsResolver.Explicit.none(), List.of(root));
        SourceSet sourceSet = settings.applyTo(SourceSet.of(List.of(root)));
        Analyzer.Options options = settings.applyTo(Analyzer.Options.defaults()).withProgress(message -> PHASES.add(new Phase(message)));
        long start = System.nanoTime();
        long cpu = cpuNanos();
        try (Engine engine = Engine.open(sourceSet, options)) {
            System.out.printf("open: %d ms wall, %d ms cpu, %d files, %d in the model, %d findings%n",
                    (System.nanoTime() - start) / 1_000_000, (cpuNanos() - cpu) / 1_000_000,
                    engine.analysis().files().size(), engine.analysis().model().files().size(), engine.findings().size());
            List<Finding> opening = engine.findings();
            Set<Path> model = engine.analysis().model().files().stream().map(SourceFile::path).collect(Collectors.toSet());
            List<SourceFile> all = engine.analysis().files().stream().sorted(Comparator.comparing(SourceFile::path)).toList();
            List<SourceFile> modelled = all.stream().filter(f -> model.contains(f.path())).toList();
            List<SourceFile> left = all.stream().filter(f -> !model.contains(f.path())).toList();
            // Outside files first: they are quick, and the in-model edits may take long on a loaded machine.
            report("files outside the model", edit(engine, evenly(left, outside), opening));
            report("task code and code it reaches", edit(engine, evenly(modelled, inModel), opening));
        }
    }

    private static List<Long> edit(Engine engine, List<SourceFile> files, List<Finding> opening) throws Exception {
        List<Long> millis = new ArrayList<>();
        List<Long> cpuMillis = new ArrayList<>();
        for (SourceFile file : files) {
            String text = file.text() + (file.text().endsWith("\n") ? "" : "\n") + "// edited by bench/WarmBench\n";
            long cpu = cpuNanos();
            PHASES.clear();
            long start = System.nanoTime();
            Engine.Update update = engine.update(List.of(Engine.Change.edited(file.path(), text)));
            long end = System.nanoTime();
            long took = (end - start) / 1_000_000;
            long cpuTook = (cpuNanos() - cpu) / 1_000_000;
            boolean same = engine.findings().equals(opening);
            System.out.printf("  %7d ms wall %7d ms cpu  %-10s %s%s%n", took, cpuTook, update.outcome(),
                    file.rootRelative(), same ? "" : "  FINDINGS DIFFER FROM THE COLD SCAN'S");
            if (update.outcome() == Engine.Outcome.REPLACED_UNIT) {
                System.out.println("      " + breakdown(start, end));
            } else {
                PHASES.stream().filter(phase -> phase.message().contains(" again: ")).findFirst()
                        .ifPresent(phase -> System.out.println("      " + phase.message()));
            }
            if (!same) {
                System.exit(1);
            }
            millis.add(took);
            cpuMillis.add(cpuTook);
        }
        report("  cpu", cpuMillis);
        return millis;
    }

    /** Milliseconds from the update's start to its first phase, then each phase's, up to its end. */
    private static String breakdown(long start, long end) {
        StringBuilder line = new StringBuilder();
        long from = start;
        String what = "comparing texts";
        for (Phase phase : PHASES) {
            line.append(String.format("%s %d ms; ", shortName(what), (phase.nanos() - from) / 1_000_000));
            from = phase.nanos();
            what = phase.message();
        }
        return line.append(String.format("%s %d ms", shortName(what), (end - from) / 1_000_000)).toString();
    }

    private static String shortName(String phase) {
        int of = phase.indexOf(" of ");
        int after = phase.indexOf(" after ");
        int cut = of >= 0 ? of : after;
        return cut >= 0 ? phase.substring(0, cut) : phase;
    }

    /** CPU time of the whole process (every thread: the model is built in parallel). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static List<SourceFile> evenly(List<SourceFile> files, int count) {
        List<SourceFile> picked = new ArrayList<>();
        for (int i = 0; i < Math.min(count, files.size()); i++) {
            picked.add(files.get((int) ((long) i * files.size() / Math.min(count, files.size()))));
        }
        return picked;
    }

    private static void report(String what, List<Long> millis) {
        List<Long> sorted = millis.stream().sorted().toList();
        long median = sorted.isEmpty() ? 0 : sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        System.out.printf("%s: %d edits, median %d ms, min %d ms, max %d ms%n", what, millis.size(), median,
                sorted.isEmpty() ? 0 : sorted.get(0), sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1));
    }
}
