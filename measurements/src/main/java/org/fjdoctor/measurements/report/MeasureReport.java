package org.fjdoctor.measurements.report;

import java.util.List;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.runner.RunConfig;

/**
 * What a measure run found, for the JSON, Markdown and SVG writers.
 *
 * @param command the command line that reproduces the run
 * @param machine processors, OS, Java and load when the run started
 */
public record MeasureReport(String command, RunConfig config, String machine, List<Entry> entries) {

    /**
     * One measured program pair.
     *
     * @param group   e.g. the rule whose rewrite is measured
     * @param changes what turned the original into the rewritten program (each applied fix and its safety)
     */
    public record Entry(String workload, String group, List<String> changes, List<Comparison> comparisons) {

        public Entry {
            changes = List.copyOf(changes);
            comparisons = List.copyOf(comparisons);
        }
    }

    public MeasureReport {
        entries = List.copyOf(entries);
    }

    /** Processors, OS, Java version and the 1-minute load average of this machine now. */
    public static String describeMachine() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os.getAvailableProcessors() + " processors, " + os.getName() + " " + os.getVersion() + " " + os.getArch()
                + ", Java " + System.getProperty("java.version") + ", load average "
                + String.format(java.util.Locale.ROOT, "%.2f", os.getSystemLoadAverage()) + " at start";
    }
}
