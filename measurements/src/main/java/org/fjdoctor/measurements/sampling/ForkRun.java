package org.fjdoctor.measurements.sampling;

import java.util.List;

/**
 * Everything one forked JVM measured.
 *
 * @param allocation how allocated bytes were counted ({@code total} or {@code live-threads})
 * @param energy     {@code energy: <source> [domains]} or {@code energy: unavailable (<reason>)}
 * @param domains    the energy domains, in the order of each sample's joules; empty without a meter
 */
public record ForkRun(String allocation, String energy, List<String> domains, List<Sample> samples) {

    public ForkRun {
        domains = List.copyOf(domains);
        samples = List.copyOf(samples);
    }

    public List<Sample> measured() {
        return samples.stream().filter(s -> !s.warmup()).toList();
    }
}
