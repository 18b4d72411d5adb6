package org.fjdoctor.measurements.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.stats.Interval;

/**
 * A two-panel bar chart, one row per workload and thread count: speedup on a log-2 axis (bars start at 1×) and
 * allocation reduction in percent (with a line at 0), each bar with its 95% interval as an error bar.
 * Rows whose outputs differ are labelled instead of drawn.
 */
public final class SvgChart {

    private static final int ROW = 26;
    private static final int TOP = 50;
    private static final int LABEL = 260;
    private static final int PANEL = 320;
    private static final int GAP = 40;

    private record Row(String label, Interval speedup, Interval reduction, String note) {
    }

    private SvgChart() {
    }

    public static String render(MeasureReport report) {
        List<Row> rows = new ArrayList<>();
        for (MeasureReport.Entry entry : report.entries()) {
            for (Comparison c : entry.comparisons()) {
                rows.add(new Row(entry.workload() + " (" + c.threads() + "t)", c.speedup(), c.allocationReduction(),
                        c.equivalent() ? null : "outputs differ: not compared"));
            }
        }
        // Speedups from 0.1× to 50× share one chart, so the axis is logarithmic (base 2), centred on nothing.
        double lowest = 0.5;
        double highest = 2;
        for (Row row : rows) {
            if (row.speedup() != null) {
                Interval r = row.speedup();
                lowest = Math.min(lowest, Cells.conclusive(r) ? r.low() : r.estimate());
                highest = Math.max(highest, Cells.conclusive(r) ? r.high() : r.estimate());
            }
        }
        double minExp = Math.floor(log2(Math.max(lowest, 1.0 / 64)));
        double maxExp = Math.ceil(log2(Math.min(highest, 1024)));
        int width = LABEL + 2 * PANEL + GAP + 20;
        int height = TOP + rows.size() * ROW + 30;
        int speedX = LABEL;
        int allocX = LABEL + PANEL + GAP;
        double speedScale = PANEL / (maxExp - minExp);
        java.util.function.DoubleUnaryOperator speedAt = v -> speedX
                + (Math.max(minExp, Math.min(maxExp, log2(v))) - minExp) * speedScale;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"12\">\n", width, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(svg, speedX, 20, "speedup (original time / rewritten time, log scale), 95% CI", "start");
        text(svg, allocX, 20, "allocation reduction (%), 95% CI", "start");
        double allocScale = PANEL / 200.0;
        for (double e = minExp; e <= maxExp; e++) {
            double value = Math.pow(2, e);
            axis(svg, speedAt.applyAsDouble(value), (value < 1 ? Double.toString(value) : fmt(value)) + "×", height,
                    e == 0 ? "#444" : "#ccc");
        }
        axis(svg, allocX, "−100%", height, "#ccc");
        axis(svg, allocX + PANEL / 2.0, "0%", height, "#444");
        axis(svg, allocX + PANEL, "100%", height, "#ccc");
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            double y = TOP + i * ROW;
            text(svg, LABEL - 8, y + 16, row.label(), "end");
            if (row.note() != null) {
                text(svg, speedX + 4, y + 16, row.note(), "start");
                continue;
            }
            if (row.speedup() != null) {
                bar(svg, speedAt.applyAsDouble(1), speedAt.applyAsDouble(row.speedup().estimate()), y, "#4477aa");
                if (Cells.conclusive(row.speedup())) { // a log axis has no place for an end at or below 0
                    errorBar(svg, row.speedup(), speedAt, y);
                }
            }
            if (row.reduction() != null) {
                double zero = allocX + PANEL / 2.0;
                double clamp = Math.max(-1, Math.min(1, row.reduction().estimate()));
                bar(svg, zero, zero + clamp * 100 * allocScale, y, "#228833");
                errorBar(svg, row.reduction(), v -> zero + Math.max(-1, Math.min(1, v)) * 100 * allocScale, y);
            }
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void axis(StringBuilder svg, double x, String label, int height, String color) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\""
                + " stroke-dasharray=\"4 3\"/>\n", x, TOP - 4, x, height - 24, color));
        text(svg, x, height - 10, label, "middle");
    }

    private static void bar(StringBuilder svg, double from, double to, double y, String color) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                Math.min(from, to), y + 5, Math.abs(to - from), ROW - 10, color));
    }

    private static void errorBar(StringBuilder svg, Interval interval, java.util.function.DoubleUnaryOperator x, double y) {
        if (!interval.bounded()) {
            return;
        }
        double low = x.applyAsDouble(interval.low());
        double high = x.applyAsDouble(interval.high());
        double mid = y + ROW / 2.0;
        svg.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" stroke=\"black\""
                        + " fill=\"none\"/>\n", low, mid, high, low, mid - 5, mid + 5, high, mid - 5, mid + 5));
    }

    private static void text(StringBuilder svg, double x, double y, String text, String anchor) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", x, y, anchor,
                text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")));
    }

    private static double log2(double value) {
        return Math.log(value) / Math.log(2);
    }

    private static String fmt(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
