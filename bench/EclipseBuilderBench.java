import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.config.ConfigFile;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.eclipse.engine.EngineScan;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.engine.ProjectSetup;
import org.fjdoctor.eclipse.engine.Settings;
import org.fjdoctor.eclipse.engine.WarmScan;
import org.fjdoctor.eclipse.workspace.SourceRoots;

/**
 * The Eclipse builder's latency on the warm engine, outside Eclipse: what one build runs, from the changed
 * files of the resource delta to the markers to replace. Opens the project's WarmScan as the first build does
 * (source folders from .classpath, else the whole tree; the project's .fjdoctor.yml; the default
 * preferences), then saves N edits one after another (a comment line appended to a file on disk, which
 * changes no finding) and times each incremental build: WarmScan.update with the saved file, markers diffed
 * by file. After every build the markers' file, line and rule must be the opening ones, which is checked.
 * Files are picked evenly from the files the focused model left out and, separately, from the model's files
 * (task code and the code it reaches). Edits are written, so DIR must be a copy.
 *
 * Run by bench/eclipse-builder-bench.sh; prints one line per build and the medians, wall and process CPU time.
 */
public final class EclipseBuilderBench {

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        int inModel = Integer.parseInt(args[1]);
        int outside = Integer.parseInt(args[2]);
        ProjectSetup setup = ProjectSetup.of(SourceRoots.of(root), null, Settings.defaults(),
                ConfigFile.forPaths(null, List.of(root)));
        long start = System.nanoTime();
        long cpu = cpuNanos();
        try (WarmScan scan = WarmScan.open(setup, Settings.defaults().severities())) {
            Set<Path> model = scan.analysis().model().files().stream().map(SourceFile::path).collect(Collectors.toSet());
            System.out.printf("first build: %d ms wall, %d ms cpu, %d files, %d in the model, %d markers%n",
                    (System.nanoTime() - start) / 1_000_000, (cpuNanos() - cpu) / 1_000_000,
                    scan.analysis().files().size(), model.size(), describe(scan.markers()).size());
            List<String> opening = describe(scan.markers());
            List<Path> all = scan.analysis().files().stream().map(SourceFile::path).sorted(Comparator.naturalOrder()).toList();
            report("files outside the model", build(scan, evenly(all.stream().filter(f -> !model.contains(f)).toList(),
                    outside), opening, root));
            report("task code and code it reaches", build(scan, evenly(all.stream().filter(model::contains).toList(),
                    inModel), opening, root));
        }
    }

    private static List<Long> build(WarmScan scan, List<Path> files, List<String> opening, Path root) throws Exception {
        List<Long> millis = new ArrayList<>();
        List<Long> cpuMillis = new ArrayList<>();
        for (Path file : files) {
            Files.writeString(file, "\n// edited by bench/EclipseBuilderBench\n", StandardOpenOption.APPEND);
            long cpu = cpuNanos();
            long start = System.nanoTime();
            WarmScan.Delta delta = scan.update(List.of(file), Settings.defaults().severities());
            long took = (System.nanoTime() - start) / 1_000_000;
            long cpuTook = (cpuNanos() - cpu) / 1_000_000;
            boolean same = describe(scan.markers()).equals(opening);
            System.out.printf("  %7d ms wall %7d ms cpu  %-10s %d files' markers replaced  %s%s%n", took, cpuTook,
                    delta.outcome(), delta.files().size(), root.relativize(file),
                    same ? "" : "  MARKERS DIFFER FROM THE FIRST BUILD'S");
            if (!same) {
                System.exit(1);
            }
            millis.add(took);
            cpuMillis.add(cpuTook);
        }
        report("  cpu", cpuMillis);
        return millis;
    }

    /** {@code file:line rule} of every marker: an appended comment moves none. */
    private static List<String> describe(Map<Path, List<EngineScan.MarkerSpec>> markers) {
        return markers.values().stream().flatMap(List::stream).map(m -> m.file() + ":"
                + m.attributes().get(MarkerAttributes.LINE_NUMBER) + " " + m.attributes().get(MarkerAttributes.RULE_ID))
                .toList();
    }

    /** CPU time of the whole process (every thread: the model is built in parallel). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static List<Path> evenly(List<Path> files, int count) {
        List<Path> picked = new ArrayList<>();
        int n = Math.min(count, files.size());
        for (int i = 0; i < n; i++) {
            picked.add(files.get((int) ((long) i * files.size() / n)));
        }
        return picked;
    }

    private static void report(String what, List<Long> millis) {
        List<Long> sorted = millis.stream().sorted().toList();
        long median = sorted.isEmpty() ? 0 : sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        System.out.printf("%s: %d builds, median %d ms, min %d ms, max %d ms%n", what, millis.size(), median,
                sorted.isEmpty() ? 0 : sorted.get(0), sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1));
    }
}
