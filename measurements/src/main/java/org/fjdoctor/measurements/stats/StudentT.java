package org.fjdoctor.measurements.stats;

/** Two-sided 95% quantiles of Student's t distribution. */
public final class StudentT {

    /** t(0.975, df) for df = 1..30 (standard tables, 3 decimals). */
    private static final double[] TABLE = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    private static final double Z = 1.959963984540054;

    private StudentT() {
    }

    /**
     * t(0.975, df). A fractional df (Welch) is rounded down, which widens the interval slightly rather
     * than narrowing it. Above 30 the Cornish-Fisher expansion in 1/df is accurate to 1e-3.
     *
     * @throws IllegalArgumentException for df below 1 or NaN
     */
    public static double quantile975(double df) {
        if (!(df >= 1)) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, not " + df);
        }
        int whole = (int) Math.min(Math.floor(df), Integer.MAX_VALUE);
        if (whole <= TABLE.length) {
            return TABLE[whole - 1];
        }
        double z3 = Z * Z * Z;
        double z5 = z3 * Z * Z;
        double n = whole;
        return Z + (z3 + Z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * Z) / (96 * n * n);
    }
}
