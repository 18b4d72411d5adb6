package org.fjdoctor.measurements.energy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MsrMeterTest {

    @TempDir
    Path dir;

    /** A fake msr device: 8 little-endian bytes per register at the register's address. */
    static Path msrFile(Path file, long length) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
        }
        return file;
    }

    static void register(Path file, long address, long value) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(address);
            raf.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array());
        }
    }

    @Test
    void decodesTheEnergyUnitAndReadsTheLow32BitsOfEachDomain() throws IOException {
        Path msr = msrFile(dir.resolve("msr"), 0x700);
        // Typical value: power unit 3 (1/8 W), energy status unit 14 (bits 12:8 → 1/16384 J), time unit 10.
        register(msr, MsrMeter.MSR_RAPL_POWER_UNIT, 0x000A_0E03L);
        // Bits above 31 are reserved and must be ignored.
        register(msr, MsrMeter.MSR_PKG_ENERGY_STATUS, 0x1234_5678_0000_4000L);
        register(msr, MsrMeter.MSR_PP0_ENERGY_STATUS, 0x8000L);
        register(msr, MsrMeter.MSR_PP1_ENERGY_STATUS, 0x10L);
        register(msr, MsrMeter.MSR_DRAM_ENERGY_STATUS, 0xFFFF_FF00L);
        Detection detection = MsrMeter.open(List.of(msr));
        assertTrue(detection.isAvailable(), detection::describe);
        EnergyMeter meter = detection.meter();
        assertEquals(List.of("package-0", "package-0/core", "package-0/uncore", "package-0/dram"), meter.domains());
        long[] before = meter.read();
        assertArrayEquals(new long[] {0x4000L, 0x8000L, 0x10L, 0xFFFF_FF00L}, before);

        register(msr, MsrMeter.MSR_PKG_ENERGY_STATUS, 0x1234_5678_0000_8000L); // +16384 units = 1 J
        register(msr, MsrMeter.MSR_PP0_ENERGY_STATUS, 0xA000L); // +8192 units = 0.5 J
        register(msr, MsrMeter.MSR_DRAM_ENERGY_STATUS, 0x3F00L); // wrapped: 0x100 + 0x3F00 = 16384 units = 1 J
        assertArrayEquals(new double[] {1.0, 0.5, 0.0, 1.0}, meter.joules(before, meter.read()), 1e-12);
    }

    @Test
    void anotherEnergyUnitScalesTheCounters() throws IOException {
        Path msr = msrFile(dir.resolve("msr"), 0x700);
        register(msr, MsrMeter.MSR_RAPL_POWER_UNIT, 0x0000_1000L); // ESU 16 → 1/65536 J
        EnergyMeter meter = MsrMeter.open(List.of(msr)).meter();
        long[] before = meter.read();
        register(msr, MsrMeter.MSR_PKG_ENERGY_STATUS, 3 * 65_536L);
        assertEquals(3.0, meter.joules(before, meter.read())[0], 1e-12);
    }

    @Test
    void registersTheCpuLacksAreLeftOut() throws IOException {
        // Ends before PP0 (0x639): package and DRAM only, like a server part without PP1 and PP0 readings.
        Path msr = msrFile(dir.resolve("msr"), 0x630);
        register(msr, MsrMeter.MSR_RAPL_POWER_UNIT, 0x0000_0E00L);
        assertEquals(List.of("package-0", "package-0/dram"), MsrMeter.open(List.of(msr)).meter().domains());
    }

    @Test
    void missingDeviceAndUnreadableUnitAreExactReasons() throws IOException {
        Path cpu = Files.createDirectories(dir.resolve("cpu").resolve("0"));
        Detection noModule = MsrMeter.open(List.of(cpu.resolve("msr")));
        assertFalse(noModule.isAvailable());
        assertEquals("no " + cpu.resolve("msr") + " (the msr kernel module is not loaded: modprobe msr)", noModule.reason());

        Detection noCpu = MsrMeter.open(List.of(dir.resolve("cpu/7/msr")));
        assertEquals("no " + dir.resolve("cpu/7/msr") + " (no such CPU device directory)", noCpu.reason());

        Path tiny = msrFile(dir.resolve("tiny"), 0x10);
        Detection noUnit = MsrMeter.open(List.of(tiny));
        assertTrue(noUnit.reason().startsWith("cannot read MSR_RAPL_POWER_UNIT (0x606) from " + tiny + ": EOFException"),
                noUnit.reason());
    }
}
