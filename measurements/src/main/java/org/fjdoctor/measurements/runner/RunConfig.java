package org.fjdoctor.measurements.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.fjdoctor.measurements.energy.MsrMeter;
import org.fjdoctor.measurements.energy.PowercapMeter;

/**
 * How to measure: JVMs per program and thread count ({@code forks}), iterations discarded as warm-up
 * and measured per JVM, worker-thread counts to sweep, heap size (e.g. {@code 2g}, or null for the JVM's
 * default), further JVM flags such as the collector, where the energy counters are, and how long
 * one JVM may take.
 */
public record RunConfig(int forks, int warmup, int iterations, List<Integer> threads, String heap,
                        List<String> jvmFlags, Path powercapRoot, List<Path> msrFiles, Duration timeout) {

    public RunConfig {
        threads = List.copyOf(threads);
        jvmFlags = List.copyOf(jvmFlags);
        msrFiles = List.copyOf(msrFiles);
        if (forks < 1 || warmup < 0 || iterations < 1) {
            throw new IllegalArgumentException("need forks >= 1, warmup >= 0 and iterations >= 1");
        }
        if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
            throw new IllegalArgumentException("thread counts must be 1 or more: " + threads);
        }
    }

    /** The real energy counters, no extra JVM flags, 10 minutes per JVM. */
    public static RunConfig of(int forks, int warmup, int iterations, List<Integer> threads, String heap) {
        return new RunConfig(forks, warmup, iterations, threads, heap, List.of(), PowercapMeter.DEFAULT_ROOT,
                List.of(MsrMeter.DEFAULT_FILE), Duration.ofMinutes(10));
    }

    public RunConfig withJvmFlags(List<String> flags) {
        return new RunConfig(forks, warmup, iterations, threads, heap, flags, powercapRoot, msrFiles, timeout);
    }
}
