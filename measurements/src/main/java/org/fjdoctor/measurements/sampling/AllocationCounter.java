package org.fjdoctor.measurements.sampling;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;

/**
 * Bytes allocated by the JVM so far, from HotSpot's per-thread allocation counters
 * ({@code com.sun.management.ThreadMXBean}). Where the JDK has {@code getTotalThreadAllocatedBytes} (JDK 21, and
 * 17 updates that backported it, such as 17.0.15) it also counts
 * threads that have ended; otherwise the counters of the live threads are summed, which misses
 * threads that start and end within one iteration (pool workers of the common pool stay alive between
 * iterations, so fork/join workloads on it are counted in full).
 */
final class AllocationCounter {

    private final com.sun.management.ThreadMXBean threads;
    private final Method total;

    AllocationCounter() {
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
        Method found = null;
        try {
            found = com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
        } catch (NoSuchMethodException olderJdk) {
            // Sum the live threads instead.
        }
        total = found;
    }

    /** {@code total} (every thread ever) or {@code live-threads} (sum over the threads alive now). */
    String method() {
        return total != null ? "total" : "live-threads";
    }

    long allocatedBytes() {
        if (total != null) {
            try {
                return (Long) total.invoke(threads);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("getTotalThreadAllocatedBytes failed", e);
            }
        }
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            if (bytes > 0) {
                sum += bytes;
            }
        }
        return sum;
    }
}
