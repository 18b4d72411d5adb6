package org.fjdoctor.measurements.sampling;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.measurements.energy.Detection;
import org.fjdoctor.measurements.energy.EnergyMeters;

/**
 * Runs inside each forked JVM: calls the workload's {@code main} for the warm-up and then the measured
 * iterations and records, around each call, wall time, process CPU time (all threads of the JVM, in the
 * kernel's clock ticks, 10 ms on Linux, so only meaningful summed over many or long iterations), allocated bytes, GC count and
 * time, and energy per RAPL domain. The workload's standard output is captured per call so its
 * {@code checksum=} line can be compared, and kept off the parent's output. Uses the JDK only.
 */
public final class ChildMain {

    private ChildMain() {
    }

    public static void main(String[] args) throws Exception {
        ChildSpec spec = ChildSpec.parse(args);
        Method main = Class.forName(spec.mainClass()).getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers())) {
            throw new IllegalArgumentException(spec.mainClass() + ".main is not static");
        }
        Detection energy = EnergyMeters.detect(spec.powercapRoot(), spec.msrFiles());
        AllocationCounter allocation = new AllocationCounter();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        String[] workloadArgs = spec.workloadArgs().toArray(String[]::new);

        List<Sample> samples = new ArrayList<>();
        PrintStream out = System.out;
        for (int i = 0; i < spec.warmup() + spec.iterations(); i++) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            long[] joulesBefore = energy.isAvailable() ? energy.meter().read() : null;
            long gcCount = gcCount(collectors);
            long gcMillis = gcMillis(collectors);
            long allocated = allocation.allocatedBytes();
            long cpu = os.getProcessCpuTime();
            long start = System.nanoTime();
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            try {
                main.invoke(null, (Object) workloadArgs.clone());
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(spec.mainClass() + ".main threw in iteration " + i, e.getCause());
            } finally {
                System.setOut(out);
            }
            long wall = System.nanoTime() - start;
            long cpuUsed = os.getProcessCpuTime() - cpu;
            long allocatedNow = allocation.allocatedBytes() - allocated;
            long gcCountNow = gcCount(collectors) - gcCount;
            long gcMillisNow = gcMillis(collectors) - gcMillis;
            double[] joules = energy.isAvailable() ? energy.meter().joules(joulesBefore, energy.meter().read()) : null;
            samples.add(new Sample(i, i < spec.warmup(), wall, cpuUsed, allocatedNow, gcCountNow, gcMillisNow, joules,
                    checksum(printed.toString(StandardCharsets.UTF_8))));
        }
        SampleFile.write(spec.resultFile(), new ForkRun(allocation.method(), energy.describe(),
                energy.isAvailable() ? energy.meter().domains() : List.of(), samples));
        // Non-daemon threads a workload leaves behind (its own pools) must not keep the JVM alive.
        System.exit(0);
    }

    private static String checksum(String printed) {
        return printed.lines().filter(l -> l.startsWith("checksum=")).reduce((first, last) -> last).orElse(null);
    }

    private static long gcCount(List<GarbageCollectorMXBean> collectors) {
        long sum = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            sum += Math.max(0, gc.getCollectionCount());
        }
        return sum;
    }

    private static long gcMillis(List<GarbageCollectorMXBean> collectors) {
        long sum = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }
}
