package org.fjdoctor.measurements.report;

import java.util.Locale;

import org.fjdoctor.measurements.stats.Interval;
import org.fjdoctor.measurements.stats.Summary;

/** Number formatting shared by the Markdown table and the chart. */
final class Cells {

    private Cells() {
    }

    static String number(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "–";
        }
        String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
        // A tiny negative value rounds to "-0": the sign would claim a direction the number does not have.
        return text.matches("-0(\\.0*)?") ? text.substring(1) : text;
    }

    static String megabytes(Summary bytes) {
        return number(bytes.mean() / (1024 * 1024), 1);
    }

    /**
     * {@code 1.23× [1.10, 1.37]}, or why there is none. A speedup is positive: an interval with an end at
     * or below 0 (Fieller's, when the denominator's mean is not clearly away from 0) says nothing about
     * it, so it reads {@code inconclusive} instead of printing a negative bound.
     */
    static String ratio(Interval interval, String refused) {
        if (interval == null) {
            return refused;
        }
        String bounds = conclusive(interval) ? bounds(interval, 1, 2, "") : "[inconclusive]";
        return number(interval.estimate(), 2) + "× " + bounds;
    }

    /** Whether a speedup interval is bounded and wholly above 0, so that it says something about the speedup. */
    static boolean conclusive(Interval speedup) {
        return speedup.bounded() && speedup.low() > 0 && speedup.high() > 0;
    }

    /** {@code 45% [40%, 50%]}. */
    static String percent(Interval interval, String refused) {
        if (interval == null) {
            return refused;
        }
        return number(100 * interval.estimate(), 0) + "% " + bounds(interval, 100, 0, "%");
    }

    private static String bounds(Interval interval, double scale, int decimals, String unit) {
        return interval.bounded()
                ? "[" + number(scale * interval.low(), decimals) + unit + ", " + number(scale * interval.high(), decimals) + unit + "]"
                : "[unbounded]";
    }
}
