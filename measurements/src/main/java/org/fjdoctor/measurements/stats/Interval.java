package org.fjdoctor.measurements.stats;

/**
 * An estimate with its 95% confidence interval; {@code low}/{@code high} are NaN when the interval is
 * unbounded (Fieller: the denominator's mean is not significantly different from zero) or unknown.
 */
public record Interval(double estimate, double low, double high) {

    public boolean bounded() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** {@code 1 − x}: turns a ratio after/before into a reduction, swapping the bounds. */
    public Interval oneMinus() {
        return new Interval(1 - estimate, 1 - high, 1 - low);
    }
}
