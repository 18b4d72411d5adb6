package org.fjdoctor.measurements.stats;

import java.util.Arrays;

/**
 * Mean, median, sample standard deviation and the 95% confidence interval of the mean
 * (mean ± t(0.975, n−1)·s/√n). With one value the deviation and interval are NaN.
 */
public record Summary(int n, double mean, double median, double stddev, double ciLow, double ciHigh) {

    public static Summary of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double mean = Arrays.stream(values).sum() / n;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        if (n == 1) {
            return new Summary(1, mean, median, Double.NaN, Double.NaN, Double.NaN);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double stddev = Math.sqrt(squares / (n - 1));
        double half = StudentT.quantile975(n - 1) * stddev / Math.sqrt(n);
        return new Summary(n, mean, median, stddev, mean - half, mean + half);
    }

    /** The variance of the mean, s²/n. */
    double varianceOfMean() {
        return stddev * stddev / n;
    }
}
