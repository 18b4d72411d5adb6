package org.fjdoctor.measurements.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.fjdoctor.measurements.runner.Measurement;
import org.fjdoctor.measurements.sampling.ForkRun;
import org.fjdoctor.measurements.sampling.Sample;
import org.fjdoctor.measurements.stats.Interval;
import org.fjdoctor.measurements.stats.Ratio;
import org.fjdoctor.measurements.stats.Summary;

/**
 * Statistics of a {@link Measurement}. The measured iterations of all forks are pooled and treated
 * as independent samples (warm-up iterations are dropped); ratios are ratios of means with Fieller
 * intervals ({@link Ratio}). Total energy is the package domains plus DRAM, as jRAPL-based studies
 * report it; core and uncore are parts of the package and only shown per domain.
 */
public final class Comparisons {

    private Comparisons() {
    }

    public static Comparison of(Measurement measurement) {
        Side before = side(measurement.before());
        Side after = side(measurement.after());
        String equivalence = equivalence(before.checksums(), after.checksums());
        boolean equivalent = equivalence.startsWith("same ");
        String energy = energyDescription(measurement);
        Interval speedup = null;
        Interval allocation = null;
        Interval saving = null;
        if (equivalent) {
            speedup = Ratio.fieller(before.wallMillis(), after.wallMillis());
            allocation = before.allocatedBytes().mean() > 0
                    ? Ratio.fieller(after.allocatedBytes(), before.allocatedBytes()).oneMinus() : null;
            saving = before.energyJoules() != null && after.energyJoules() != null && before.energyJoules().mean() > 0
                    ? Ratio.fieller(after.energyJoules(), before.energyJoules()).oneMinus() : null;
        }
        String allocationMethod = measurement.before().get(0).allocation();
        return new Comparison(measurement.threads(), before, after, equivalent, equivalence, speedup, allocation, saving,
                energy, allocationMethod);
    }

    /** Same checksum in every iteration of both programs, or what differs. */
    static String equivalence(List<String> before, List<String> after) {
        if (before.contains(null) || after.contains(null)) {
            return "outputs not compared: " + (before.contains(null) ? "the original" : "the rewritten program")
                    + " printed no checksum= line";
        }
        if (before.size() != 1 || after.size() != 1) {
            return "outputs differ between iterations: original " + before + ", rewritten " + after;
        }
        if (!before.get(0).equals(after.get(0))) {
            return "outputs differ: original " + before.get(0) + ", rewritten " + after.get(0);
        }
        return "same " + before.get(0);
    }

    private static String energyDescription(Measurement measurement) {
        Set<String> descriptions = new LinkedHashSet<>();
        measurement.before().forEach(f -> descriptions.add(f.energy()));
        measurement.after().forEach(f -> descriptions.add(f.energy()));
        return String.join("; ", descriptions);
    }

    private static Side side(List<ForkRun> forks) {
        List<Sample> samples = new ArrayList<>();
        forks.forEach(f -> samples.addAll(f.measured()));
        Set<String> checksums = new LinkedHashSet<>();
        samples.forEach(s -> checksums.add(s.checksum()));
        Map<String, Summary> byDomain = new LinkedHashMap<>();
        Summary total = null;
        List<String> domains = forks.get(0).domains();
        boolean sameDomains = forks.stream().allMatch(f -> f.domains().equals(domains));
        if (!domains.isEmpty() && sameDomains && samples.stream().allMatch(s -> s.joules() != null)) {
            for (int d = 0; d < domains.size(); d++) {
                int index = d;
                byDomain.put(domains.get(d), summary(samples, s -> s.joules()[index]));
            }
            total = summary(samples, s -> {
                double sum = 0;
                for (int d = 0; d < domains.size(); d++) {
                    if (countsInTotal(domains.get(d))) {
                        sum += s.joules()[d];
                    }
                }
                return sum;
            });
        }
        return new Side(summary(samples, s -> s.wallNanos() / 1e6), summary(samples, s -> s.cpuNanos() / 1e6),
                summary(samples, s -> s.allocatedBytes()), summary(samples, s -> s.gcCount()),
                summary(samples, s -> s.gcMillis()), total, byDomain, new ArrayList<>(checksums));
    }

    /** Packages ({@code package-0}) and DRAM ({@code dram}, {@code package-0/dram}); not core, uncore or psys. */
    static boolean countsInTotal(String domain) {
        return domain.matches("package-\\d+") || domain.equals("dram") || domain.endsWith("/dram");
    }

    private static Summary summary(List<Sample> samples, ToDoubleFunction<Sample> value) {
        return Summary.of(samples.stream().mapToDouble(value).toArray());
    }
}
