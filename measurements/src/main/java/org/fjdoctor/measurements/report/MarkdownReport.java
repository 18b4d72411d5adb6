package org.fjdoctor.measurements.report;

import java.util.LinkedHashSet;
import java.util.Set;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.runner.RunConfig;

/**
 * The table in the style of the study's detailed table: original and rewritten time with their
 * standard deviations, speedup, energy and saving, allocated bytes and reduction, GC time; then the
 * energy source or why there is none, the applied changes, and how it was measured.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String table(MeasureReport report) {
        StringBuilder md = new StringBuilder();
        md.append("| workload | threads | original ms | σ | rewritten ms | σ | speedup [95% CI] | original J | rewritten J"
                + " | energy saving | original MB | rewritten MB | allocation reduction [95% CI] | GC ms original → rewritten"
                + " | outputs |\n");
        md.append("|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---|---|---|\n");
        for (MeasureReport.Entry entry : report.entries()) {
            for (Comparison c : entry.comparisons()) {
                boolean energy = c.before().energyJoules() != null && c.after().energyJoules() != null;
                String refused = c.equivalent() ? "–" : "refused";
                md.append("| ").append(entry.workload())
                        .append(" | ").append(c.threads())
                        .append(" | ").append(Cells.number(c.before().wallMillis().mean(), 1))
                        .append(" | ").append(Cells.number(c.before().wallMillis().stddev(), 1))
                        .append(" | ").append(Cells.number(c.after().wallMillis().mean(), 1))
                        .append(" | ").append(Cells.number(c.after().wallMillis().stddev(), 1))
                        .append(" | ").append(Cells.ratio(c.speedup(), "refused (outputs differ)"))
                        .append(" | ").append(energy ? Cells.number(c.before().energyJoules().mean(), 2) : "unavailable")
                        .append(" | ").append(energy ? Cells.number(c.after().energyJoules().mean(), 2) : "unavailable")
                        .append(" | ").append(energy ? Cells.percent(c.energySaving(), refused) : "unavailable")
                        .append(" | ").append(Cells.megabytes(c.before().allocatedBytes()))
                        .append(" | ").append(Cells.megabytes(c.after().allocatedBytes()))
                        .append(" | ").append(Cells.percent(c.allocationReduction(), refused))
                        .append(" | ").append(Cells.number(c.before().gcMillis().mean(), 1)).append(" → ")
                        .append(Cells.number(c.after().gcMillis().mean(), 1))
                        .append(" | ").append(c.equivalence().replace("|", "\\|"))
                        .append(" |\n");
            }
        }
        return md.toString();
    }

    public static String document(MeasureReport report) {
        StringBuilder md = new StringBuilder("# fjdoctor measure\n\n");
        md.append(table(report)).append('\n');
        Set<String> energy = new LinkedHashSet<>();
        Set<String> allocation = new LinkedHashSet<>();
        report.entries().forEach(e -> e.comparisons().forEach(c -> {
            energy.add(c.energy());
            allocation.add(c.allocation());
        }));
        energy.forEach(line -> md.append(line).append("\n\n"));
        md.append("## Changes measured\n\n");
        for (MeasureReport.Entry entry : report.entries()) {
            md.append("- ").append(entry.workload()).append(entry.group().isEmpty() ? "" : " (" + entry.group() + ")")
                    .append(": ").append(entry.changes().isEmpty() ? "as given" : String.join("; ", entry.changes()))
                    .append('\n');
        }
        RunConfig config = report.config();
        md.append("\n## How\n\n")
                .append("- command: `").append(report.command()).append("`\n")
                .append("- machine: ").append(report.machine()).append('\n')
                .append("- ").append(config.forks()).append(" JVM(s) per program and thread count, original and rewritten"
                        + " alternating (A B A B …); ").append(config.warmup()).append(" warm-up and ")
                .append(config.iterations()).append(" measured iterations of main per JVM; heap ")
                .append(config.heap() == null ? "JVM default" : config.heap())
                .append(config.jvmFlags().isEmpty() ? "" : "; JVM flags " + String.join(" ", config.jvmFlags())).append('\n')
                .append("- statistics over the measured iterations of all JVMs: mean, σ (sample standard deviation),"
                        + " 95% intervals from Student's t; speedup = original mean time / rewritten mean time and"
                        + " reductions = 1 − rewritten mean / original mean, with Fieller's 95% interval for a ratio of"
                        + " means (Welch degrees of freedom)\n")
                .append("- allocated bytes: HotSpot per-thread allocation counters (").append(String.join(", ", allocation))
                .append(")\n")
                .append("- no ratio is reported where the programs' `checksum=` outputs differ\n");
        return md.toString();
    }
}
