package org.fjdoctor.measurements.report;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.compare.Side;
import org.fjdoctor.measurements.runner.RunConfig;
import org.fjdoctor.measurements.stats.Interval;
import org.fjdoctor.measurements.stats.Summary;

/**
 * The machine-readable report. {@code format} names the shape; {@code summary} has one flat row per
 * workload and thread count (what a pull request quotes), {@code workloads} every statistic. Unknown
 * numbers (a deviation of one value, an unbounded interval) are {@code null}, never 0.
 */
public final class JsonReport {

    /** The value of the top-level {@code format} field. */
    public static final String FORMAT = "fjdoctor-measure/1";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonReport() {
    }

    public static String write(MeasureReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("command", report.command());
        root.put("machine", report.machine());
        RunConfig config = report.config();
        ObjectNode settings = root.putObject("settings");
        settings.put("forks", config.forks());
        settings.put("warmupIterations", config.warmup());
        settings.put("measuredIterations", config.iterations());
        ArrayNode threads = settings.putArray("threads");
        config.threads().forEach(threads::add);
        settings.put("heap", config.heap());
        ArrayNode flags = settings.putArray("jvmFlags");
        config.jvmFlags().forEach(flags::add);
        settings.put("statistics", "pooled measured iterations; 95% Student-t intervals; ratios of means with"
                + " Fieller intervals (Welch df)");

        ArrayNode summary = root.putArray("summary");
        ArrayNode workloads = root.putArray("workloads");
        for (MeasureReport.Entry entry : report.entries()) {
            ObjectNode workload = workloads.addObject();
            workload.put("name", entry.workload());
            workload.put("group", entry.group());
            ArrayNode changes = workload.putArray("changes");
            entry.changes().forEach(changes::add);
            ArrayNode results = workload.putArray("results");
            for (Comparison c : entry.comparisons()) {
                ObjectNode row = summary.addObject();
                row.put("workload", entry.workload());
                row.put("threads", c.threads());
                row.put("sameOutput", c.equivalent());
                row.put("originalMillis", round(c.before().wallMillis().mean()));
                row.put("rewrittenMillis", round(c.after().wallMillis().mean()));
                row.put("speedup", c.speedup() == null ? null : format(c.speedup(), false));
                row.put("allocationReduction", c.allocationReduction() == null ? null : format(c.allocationReduction(), true));
                row.put("energySaving", c.energySaving() != null ? format(c.energySaving(), true)
                        : c.before().energyJoules() == null ? c.energy() : null);

                ObjectNode result = results.addObject();
                result.put("threads", c.threads());
                result.put("sameOutput", c.equivalent());
                result.put("outputs", c.equivalence());
                result.put("energy", c.energy());
                result.put("allocationCounting", c.allocation());
                side(result.putObject("original"), c.before());
                side(result.putObject("rewritten"), c.after());
                interval(result, "speedup", c.speedup());
                interval(result, "allocationReduction", c.allocationReduction());
                interval(result, "energySaving", c.energySaving());
            }
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void side(ObjectNode node, Side side) {
        summary(node, "wallMillis", side.wallMillis());
        summary(node, "cpuMillis", side.cpuMillis());
        summary(node, "allocatedBytes", side.allocatedBytes());
        summary(node, "gcCount", side.gcCount());
        summary(node, "gcMillis", side.gcMillis());
        if (side.energyJoules() == null) {
            node.putNull("energyJoules");
        } else {
            summary(node, "energyJoules", side.energyJoules());
            ObjectNode domains = node.putObject("energyJoulesByDomain");
            for (Map.Entry<String, Summary> domain : side.energyByDomain().entrySet()) {
                summary(domains, domain.getKey(), domain.getValue());
            }
        }
        ArrayNode checksums = node.putArray("checksums");
        side.checksums().forEach(checksums::add);
    }

    private static void summary(ObjectNode parent, String name, Summary s) {
        ObjectNode node = parent.putObject(name);
        node.put("n", s.n());
        number(node, "mean", s.mean());
        number(node, "median", s.median());
        number(node, "stddev", s.stddev());
        number(node, "ci95Low", s.ciLow());
        number(node, "ci95High", s.ciHigh());
    }

    private static void interval(ObjectNode parent, String name, Interval interval) {
        if (interval == null) {
            parent.putNull(name);
            return;
        }
        ObjectNode node = parent.putObject(name);
        number(node, "estimate", interval.estimate());
        number(node, "ci95Low", interval.low());
        number(node, "ci95High", interval.high());
    }

    private static void number(ObjectNode node, String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }

    private static Double round(double value) {
        return Double.isNaN(value) ? null : Math.round(value * 100) / 100.0;
    }

    private static String format(Interval interval, boolean percent) {
        return percent ? Cells.percent(interval, null) : Cells.ratio(interval, null);
    }
}
