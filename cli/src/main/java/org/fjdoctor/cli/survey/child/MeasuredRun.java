package org.fjdoctor.cli.survey.child;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.fjdoctor.cli.Main;
import org.fjdoctor.cli.common.BinaryOut;

/**
 * The main class of a survey's child JVM: runs one fjdoctor command line and then writes what it cost
 * into a small properties file ({@code exit}, {@code millis}, {@code peakHeapBytes}, and {@code peakRssBytes}
 * where the system says). Lives apart from the survey package, which names it only by its class name,
 * because it depends on {@link Main}, which depends on the survey command.
 */
public final class MeasuredRun {

    private MeasuredRun() {
    }

    /** {@code METRICS_FILE fjdoctor-args...} */
    public static void main(String[] args) throws IOException {
        Path metrics = Path.of(args[0]);
        long start = System.nanoTime();
        PrintWriter out = new BinaryOut(System.out);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int exit = Main.execute(Arrays.copyOfRange(args, 1, args.length), out, err);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long heap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                heap += pool.getPeakUsage().getUsed();
            }
        }
        StringBuilder text = new StringBuilder()
                .append("exit=").append(exit).append('\n')
                .append("millis=").append(millis).append('\n')
                .append("peakHeapBytes=").append(heap).append('\n');
        long rss = peakResidentBytes();
        if (rss > 0) {
            text.append("peakRssBytes=").append(rss).append('\n');
        }
        Files.writeString(metrics, text, StandardCharsets.UTF_8);
        System.exit(exit);
    }

    /** Linux's high-water mark of the resident set (VmHWM), or 0 where there is none. */
    private static long peakResidentBytes() {
        Path status = Path.of("/proc/self/status");
        try {
            List<String> lines = Files.readAllLines(status, StandardCharsets.UTF_8);
            for (String line : lines) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }
}
