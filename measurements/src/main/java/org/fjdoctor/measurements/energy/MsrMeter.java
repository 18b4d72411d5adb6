package org.fjdoctor.measurements.energy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * RAPL through the model-specific registers, read like {@code rdmsr} does: 8 little-endian bytes at
 * the register's address in {@code /dev/cpu/N/msr}. The energy unit is 1/2^ESU joules, ESU being bits
 * 12:8 of {@code MSR_RAPL_POWER_UNIT}; each energy status register counts in the low 32 bits and wraps.
 * One file per package (any CPU of that package). Some server parts count DRAM in a fixed unit that
 * the power-unit register does not state; this meter uses the register's unit for every domain.
 */
public final class MsrMeter implements EnergyMeter {

    public static final long MSR_RAPL_POWER_UNIT = 0x606;
    public static final long MSR_PKG_ENERGY_STATUS = 0x611;
    public static final long MSR_DRAM_ENERGY_STATUS = 0x619;
    public static final long MSR_PP0_ENERGY_STATUS = 0x639;
    public static final long MSR_PP1_ENERGY_STATUS = 0x641;

    /** The real device of CPU 0; tests pass a fake file with registers at the same offsets. */
    public static final Path DEFAULT_FILE = Path.of("/dev/cpu/0/msr");

    private static final long[] REGISTERS = {MSR_PKG_ENERGY_STATUS, MSR_PP0_ENERGY_STATUS, MSR_PP1_ENERGY_STATUS,
        MSR_DRAM_ENERGY_STATUS};
    private static final String[] NAMES = {"", "/core", "/uncore", "/dram"};

    private record Counter(String domain, Path file, long register, double joulesPerUnit) {
    }

    private final List<Path> files;
    private final List<Counter> counters;

    private MsrMeter(List<Path> files, List<Counter> counters) {
        this.files = files;
        this.counters = counters;
    }

    /**
     * The meter over every energy register the files answer for (a register the CPU lacks reads as an
     * I/O error on the real device and is left out), or the exact reason there is none.
     */
    public static Detection open(List<Path> files) {
        List<Counter> counters = new ArrayList<>();
        for (int p = 0; p < files.size(); p++) {
            Path file = files.get(p);
            if (!Files.exists(file)) {
                Path cpu = file.getParent();
                return Detection.unavailable("no " + file + (cpu != null && Files.isDirectory(cpu)
                        ? " (the msr kernel module is not loaded: modprobe msr)" : " (no such CPU device directory)"));
            }
            double unit;
            try {
                long esu = (register(file, MSR_RAPL_POWER_UNIT) >>> 8) & 0x1F;
                unit = 1.0 / (1L << esu);
            } catch (IOException e) {
                return Detection.unavailable("cannot read MSR_RAPL_POWER_UNIT (0x606) from " + file + ": "
                        + PowercapMeter.describe(e));
            }
            for (int d = 0; d < REGISTERS.length; d++) {
                try {
                    register(file, REGISTERS[d]);
                    counters.add(new Counter("package-" + p + NAMES[d], file, REGISTERS[d], unit));
                } catch (IOException absent) {
                    // This CPU has no such domain (client parts lack DRAM, servers lack PP1).
                }
            }
        }
        if (counters.isEmpty()) {
            return Detection.unavailable("no RAPL energy status register readable in " + files);
        }
        return Detection.available(new MsrMeter(List.copyOf(files), counters));
    }

    @Override
    public String source() {
        return "msr " + files;
    }

    @Override
    public List<String> domains() {
        return counters.stream().map(Counter::domain).toList();
    }

    @Override
    public long[] read() throws IOException {
        long[] values = new long[counters.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = register(counters.get(i).file(), counters.get(i).register()) & 0xFFFF_FFFFL;
        }
        return values;
    }

    @Override
    public double[] joules(long[] before, long[] after) {
        double[] joules = new double[counters.size()];
        for (int i = 0; i < joules.length; i++) {
            // Modulo 2^32: a counter that wrapped once still gives the right difference.
            long units = (after[i] - before[i]) & 0xFFFF_FFFFL;
            joules[i] = units * counters.get(i).joulesPerUnit();
        }
        return joules;
    }

    /** The 64-bit value of one register: 8 bytes at offset {@code register}, little-endian. */
    static long register(Path file, long register) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, register + buffer.position()) < 0) {
                    throw new EOFException("register 0x" + Long.toHexString(register) + " is past the end of " + file);
                }
            }
            return buffer.flip().getLong();
        }
    }
}
