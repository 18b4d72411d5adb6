package org.fjdoctor.measurements.sampling;

/**
 * One iteration of a workload in one JVM.
 *
 * @param joules energy per domain of the fork's meter, or null without one
 * @param checksum the {@code checksum=} line the workload printed, or null
 */
public record Sample(int index, boolean warmup, long wallNanos, long cpuNanos, long allocatedBytes, long gcCount,
                     long gcMillis, double[] joules, String checksum) {
}
