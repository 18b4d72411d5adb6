package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many repositories to survey at once by default: as many child JVMs as the free memory holds, at
 * about 1.5 GB each (a model takes 0.5 to 1.5 GB) or the heap cap plus 512 MB if that is more. Cores do
 * not limit it: a scan is mostly memory, and the scans of a survey are few and long.
 */
final class JobCount {

    static final long PER_JOB_MINIMUM = 1536L << 20;

    private JobCount() {
    }

    static int byFreeMemory(long heapBytes) {
        long perJob = Math.max(PER_JOB_MINIMUM, heapBytes + (512L << 20));
        return (int) Math.max(1, Math.min(256, availableBytes() / perJob));
    }

    /** Linux's MemAvailable (free memory plus what the page cache would give back), else what the JVM says is free. */
    static long availableBytes() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/meminfo"));
            for (String line : lines) {
                if (line.startsWith("MemAvailable:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask the JVM
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getFreeMemorySize();
        }
        return PER_JOB_MINIMUM;
    }

    /** {@code 512m}, {@code 2g} (binary units), as -Xmx takes them. */
    static long heapBytes(String heap) {
        String h = heap.trim().toLowerCase(java.util.Locale.ROOT);
        long shift = h.endsWith("k") ? 10 : h.endsWith("m") ? 20 : h.endsWith("g") ? 30 : 0;
        String digits = shift == 0 ? h : h.substring(0, h.length() - 1);
        return Long.parseLong(digits) << shift;
    }
}
