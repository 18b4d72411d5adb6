package org.fjdoctor.measurements.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.tools.ToolProvider;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.compare.Comparisons;
import org.fjdoctor.measurements.energy.PowercapMeterTest;
import org.fjdoctor.measurements.sampling.ForkRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the harness end to end on tiny programs compiled here, in real child JVMs. */
class RunnerTest {

    /** Sums 0..n-1 through boxed Longs in a list: allocates about n * 16 bytes per call, on purpose. */
    static final String BOXED = """
            package demo;
            public class Sum {
                public static void main(String[] args) {
                    int n = Integer.parseInt(args[0]);
                    java.util.List<Long> values = new java.util.ArrayList<>();
                    for (long i = 0; i < n; i++) { values.add(i * 1_000_000L); }
                    long sum = 0;
                    for (Long v : values) { sum += v; }
                    System.out.println("threads=" + System.getProperty("fjdoctor.threads"));
                    System.out.println("checksum=" + sum);
                }
            }
            """;

    static final String PRIMITIVE = """
            package demo;
            public class Sum {
                public static void main(String[] args) {
                    int n = Integer.parseInt(args[0]);
                    long sum = 0;
                    for (long i = 0; i < n; i++) { sum += i * 1_000_000L; }
                    System.out.println("checksum=" + sum);
                }
            }
            """;

    static final String WRONG = PRIMITIVE.replace("sum += i", "sum += 1 + i");

    @TempDir
    Path dir;

    static Path compile(Path dir, String name, String source) throws IOException {
        Path src = dir.resolve(name + "-src/demo/Sum.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, errors, errors, "-d", classes.toString(), src.toString());
        assertEquals(0, status, errors.toString(StandardCharsets.UTF_8));
        return classes;
    }

    private RunConfig config(Path powercap) {
        return new RunConfig(2, 1, 3, List.of(1, 2), "256m", List.of("-XX:+UseSerialGC"), powercap,
                List.of(dir.resolve("no-cpu/0/msr")), Duration.ofMinutes(2));
    }

    @Test
    void measuresBothProgramsInAlternatingJvmsAndComparesThem() throws Exception {
        Program boxed = new Program(List.of(compile(dir, "boxed", BOXED)), "demo.Sum", List.of("200000"));
        Program primitive = new Program(List.of(compile(dir, "primitive", PRIMITIVE)), "demo.Sum", List.of("200000"));
        List<String> progress = new ArrayList<>();
        Path powercap = dir.resolve("no-powercap");
        List<Measurement> measurements = new Runner(config(powercap), dir.resolve("work"), progress::add)
                .compare("sum", boxed, primitive);

        assertEquals(List.of(1, 2), measurements.stream().map(Measurement::threads).toList());
        assertEquals(List.of("sum: 1 thread(s), fork 1/2", "sum: 1 thread(s), fork 2/2", "sum: 2 thread(s), fork 1/2",
                "sum: 2 thread(s), fork 2/2"), progress);
        for (Measurement m : measurements) {
            assertEquals(2, m.before().size());
            assertEquals(2, m.after().size());
            for (ForkRun fork : m.before()) {
                assertEquals(4, fork.samples().size());
                assertEquals(3, fork.measured().size());
                assertTrue(fork.samples().get(0).warmup());
                // Process CPU time comes in clock ticks (10 ms on Linux): a short iteration may show 0.
                assertTrue(fork.measured().stream().allMatch(s -> s.wallNanos() > 0 && s.cpuNanos() >= 0));
                assertEquals(List.of(), fork.domains());
            }
            Comparison c = Comparisons.of(m);
            assertTrue(c.before().cpuMillis().mean() > 0, () -> "" + c.before().cpuMillis());
            assertTrue(c.equivalent(), c.equivalence());
            assertEquals("same checksum=" + 1_000_000L * (199_999L * 200_000L / 2), c.equivalence());
            assertNotNull(c.speedup());
            // 200 000 boxed Longs (16 bytes each) plus the list's array: at least 3 MB; the loop allocates nothing.
            assertTrue(c.before().allocatedBytes().mean() > 3_000_000, () -> "" + c.before().allocatedBytes());
            assertTrue(c.after().allocatedBytes().mean() < c.before().allocatedBytes().mean() / 10,
                    () -> c.before().allocatedBytes() + " vs " + c.after().allocatedBytes());
            assertTrue(c.allocationReduction().estimate() > 0.9, c.allocationReduction()::toString);
            assertNull(c.energySaving());
            assertNull(c.before().energyJoules());
            assertTrue(c.energy().startsWith("energy: unavailable (powercap: no " + powercap + " directory"), c.energy());
            assertEquals(hasTotalAllocationCounter() ? "total" : "live-threads", c.allocation());
        }
    }

    /** getTotalThreadAllocatedBytes: JDK 21, backported to recent 17 updates. */
    private static boolean hasTotalAllocationCounter() {
        try {
            com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    @Test
    void refusesASpeedupWhenTheOutputsDiffer() throws Exception {
        Program boxed = new Program(List.of(compile(dir, "boxed", BOXED)), "demo.Sum", List.of("1000"));
        Program wrong = new Program(List.of(compile(dir, "wrong", WRONG)), "demo.Sum", List.of("1000"));
        RunConfig one = new RunConfig(1, 0, 2, List.of(1), null, List.of(), dir.resolve("none"), List.of(),
                Duration.ofMinutes(2));
        Comparison c = Comparisons.of(new Runner(one, dir.resolve("work"), s -> { }).compare("sum", boxed, wrong).get(0));
        assertFalse(c.equivalent());
        assertEquals("outputs differ: original checksum=" + 1_000_000L * (999L * 1000 / 2) + ", rewritten checksum="
                + (1_000_000L * (999L * 1000 / 2) + 1000), c.equivalence());
        assertNull(c.speedup());
        assertNull(c.allocationReduction());
    }

    @Test
    void theChildReadsTheConfiguredEnergyCounters() throws Exception {
        Path powercap = dir.resolve("powercap");
        PowercapMeterTest.zone(powercap, "intel-rapl:0", "package-0", 5_000_000, 262_143_328_850L);
        PowercapMeterTest.zone(powercap, "intel-rapl:0:0", "core", 1_000_000, 262_143_328_850L);
        Program primitive = new Program(List.of(compile(dir, "primitive", PRIMITIVE)), "demo.Sum", List.of("10"));
        RunConfig config = new RunConfig(1, 0, 2, List.of(1), null, List.of(), powercap, List.of(), Duration.ofMinutes(2));
        ForkRun run = new Runner(config, dir.resolve("work"), s -> { }).fork(primitive, 1, "energy");
        assertEquals(List.of("package-0", "package-0/core"), run.domains());
        assertEquals("energy: powercap " + powercap + " [package-0, package-0/core]", run.energy());
        // The fixture's counters do not move: zero joules measured, not a missing value.
        run.measured().forEach(s -> assertEquals(0.0, s.joules()[0]));
    }

    @Test
    void aFailingProgramIsAnErrorWithItsOutput() throws Exception {
        Program broken = new Program(List.of(compile(dir, "boxed", BOXED)), "demo.Sum", List.of("not-a-number"));
        RunConfig config = new RunConfig(1, 0, 1, List.of(1), null, List.of(), dir.resolve("none"), List.of(),
                Duration.ofMinutes(2));
        IOException e = assertThrows(IOException.class,
                () -> new Runner(config, dir.resolve("work"), s -> { }).fork(broken, 1, "broken"));
        assertTrue(e.getMessage().contains("NumberFormatException"), e.getMessage());
    }
}
