package org.fjdoctor.measurements.compare;

import org.fjdoctor.measurements.stats.Interval;

/**
 * Original against rewritten at one thread count. The ratios are null when the outputs differ (no
 * speedup is reported for programs that do not compute the same thing), and energy figures are null
 * with {@code energy} saying why when no meter was available.
 *
 * @param equivalence  {@code same checksum ...} or why the outputs are not known to be the same
 * @param speedup      original time / rewritten time
 * @param allocationReduction 1 − rewritten bytes / original bytes
 * @param energySaving 1 − rewritten joules / original joules
 * @param energy       the meter ({@code energy: ...}) or {@code energy: unavailable (<reason>)}
 * @param allocation   how allocation was counted in the child JVMs
 */
public record Comparison(int threads, Side before, Side after, boolean equivalent, String equivalence,
                         Interval speedup, Interval allocationReduction, Interval energySaving, String energy,
                         String allocation) {
}
