package org.fjdoctor.measurements.energy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class PowercapMeterTest {

    @TempDir
    Path root;

    /** Lays out zones like /sys/class/powercap on a one-socket Intel machine with a DRAM zone. */
    public static void zone(Path root, String zone, String name, long energy, long max) throws IOException {
        Path dir = Files.createDirectories(root.resolve(zone));
        Files.writeString(dir.resolve("name"), name + "\n");
        Files.writeString(dir.resolve("energy_uj"), energy + "\n");
        Files.writeString(dir.resolve("max_energy_range_uj"), max + "\n");
        Files.writeString(dir.resolve("enabled"), "1\n");
    }

    static void energy(Path root, String zone, long energy) throws IOException {
        Files.writeString(root.resolve(zone).resolve("energy_uj"), energy + "\n");
    }

    static void machine(Path root) throws IOException {
        // The control-type directory sits next to the zones and is not a zone.
        Files.createDirectories(root.resolve("intel-rapl"));
        Files.writeString(root.resolve("intel-rapl").resolve("enabled"), "1\n");
        zone(root, "intel-rapl:0", "package-0", 262_143_000_000L, 262_143_328_850L);
        zone(root, "intel-rapl:0:0", "core", 1_000_000L, 262_143_328_850L);
        zone(root, "intel-rapl:0:1", "uncore", 500L, 262_143_328_850L);
        zone(root, "intel-rapl:1", "dram", 65_000_000_000L, 65_712_999_613L);
    }

    @Test
    void readsEveryZoneWithSubzonesNamedAfterTheirPackage() throws IOException {
        machine(root);
        Detection detection = PowercapMeter.open(root);
        assertTrue(detection.isAvailable(), detection::describe);
        EnergyMeter meter = detection.meter();
        assertEquals(List.of("package-0", "package-0/core", "package-0/uncore", "dram"), meter.domains());
        assertEquals("powercap " + root, meter.source());
        assertArrayEquals(new long[] {262_143_000_000L, 1_000_000L, 500L, 65_000_000_000L}, meter.read());
    }

    @Test
    void energyIsTheDifferenceAndCountsOneWrapAroundAtMaxEnergyRange() throws IOException {
        machine(root);
        EnergyMeter meter = PowercapMeter.open(root).meter();
        long[] before = meter.read();
        // package wraps: 328 850 µJ up to the top of the range, then 1 171 150 µJ from zero = 1.5 J.
        energy(root, "intel-rapl:0", 1_171_150L);
        energy(root, "intel-rapl:0:0", 3_500_000L);
        energy(root, "intel-rapl:0:1", 500L);
        // dram wraps: 712 999 613 µJ to the top, then 287 000 387 from zero = 1000 J.
        energy(root, "intel-rapl:1", 287_000_387L);
        double[] joules = meter.joules(before, meter.read());
        assertArrayEquals(new double[] {1.5, 2.5, 0.0, 1000.0}, joules, 1e-9);
    }

    @Test
    void noDirectoryIsAnExactReason() {
        Detection detection = PowercapMeter.open(root.resolve("powercap"));
        assertFalse(detection.isAvailable());
        assertEquals("no " + root.resolve("powercap") + " directory (the kernel exposes no powercap interface)",
                detection.reason());
        assertEquals("energy: unavailable (" + detection.reason() + ")", detection.describe());
    }

    @Test
    void noRaplZonesIsAnExactReason() throws IOException {
        Files.createDirectories(root.resolve("dtpm"));
        Detection detection = PowercapMeter.open(root);
        assertEquals("no intel-rapl:* zones under " + root + " (the intel_rapl driver is not loaded or the CPU has no"
                + " RAPL)", detection.reason());
    }

    @Test
    void anUnreadableCounterMakesTheMeterUnavailableNotPartial() throws IOException {
        machine(root);
        Files.delete(root.resolve("intel-rapl:0:1").resolve("energy_uj"));
        Detection detection = PowercapMeter.open(root);
        assertFalse(detection.isAvailable());
        assertTrue(detection.reason().startsWith("cannot read " + root.resolve("intel-rapl:0:1") + ": missing "),
                detection.reason());
    }
}
