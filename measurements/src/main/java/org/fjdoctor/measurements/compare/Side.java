package org.fjdoctor.measurements.compare;

import java.util.List;
import java.util.Map;

import org.fjdoctor.measurements.stats.Summary;

/**
 * The measured iterations of one program, pooled over its forks: wall and CPU time in milliseconds,
 * allocated bytes, GC count and time, energy in joules (total and per domain, or null/empty without a
 * meter) and the checksum lines it printed (all distinct values, in order of appearance).
 */
public record Side(Summary wallMillis, Summary cpuMillis, Summary allocatedBytes, Summary gcCount, Summary gcMillis,
                   Summary energyJoules, Map<String, Summary> energyByDomain, List<String> checksums) {
}
