package org.fjdoctor.measurements.stats;

/**
 * The ratio of two independent means with Fieller's 95% interval, which, unlike the delta method,
 * stays correct when the denominator is noisy. Degrees of freedom: Welch–Satterthwaite, rounded down.
 * For a numerator mean a (variance of the mean va), denominator b (vb), θ = a/b,
 * g = t²·vb/b²; the interval is (θ ± (t/|b|)·√(va(1−g) + θ²vb)) / (1−g), unbounded when g ≥ 1.
 */
public final class Ratio {

    private Ratio() {
    }

    public static Interval fieller(Summary numerator, Summary denominator) {
        double a = numerator.mean();
        double b = denominator.mean();
        double theta = a / b;
        if (numerator.n() < 2 || denominator.n() < 2 || b == 0) {
            return new Interval(theta, Double.NaN, Double.NaN);
        }
        double va = numerator.varianceOfMean();
        double vb = denominator.varianceOfMean();
        if (va + vb == 0) {
            return new Interval(theta, theta, theta);
        }
        double df = (va + vb) * (va + vb)
                / (va * va / (numerator.n() - 1) + vb * vb / (denominator.n() - 1));
        double t = StudentT.quantile975(Math.max(1, df));
        double g = t * t * vb / (b * b);
        if (g >= 1) {
            return new Interval(theta, Double.NaN, Double.NaN);
        }
        double half = t / Math.abs(b) * Math.sqrt(va * (1 - g) + theta * theta * vb);
        return new Interval(theta, (theta - half) / (1 - g), (theta + half) / (1 - g));
    }
}
