package org.fjdoctor.measurements.energy;

import java.io.IOException;
import java.util.List;

/**
 * Cumulative RAPL energy counters of this machine, one per domain. Counters wrap, so energy is
 * always the wrap-aware difference of two readings, never a single reading.
 */
public interface EnergyMeter {

    /** Where the counters come from, e.g. {@code powercap /sys/class/powercap}. */
    String source();

    /** The domain names, in the order of {@link #read()}'s values. */
    List<String> domains();

    /** The raw counter of each domain, in the meter's own unit. */
    long[] read() throws IOException;

    /** Joules used per domain between two readings, counting at most one wrap-around per counter. */
    double[] joules(long[] before, long[] after);
}
