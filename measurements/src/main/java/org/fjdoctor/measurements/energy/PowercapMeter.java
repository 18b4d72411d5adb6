package org.fjdoctor.measurements.energy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * RAPL through the Linux powercap interface: {@code <root>/intel-rapl:P/energy_uj} per package and
 * {@code intel-rapl:P:S} per subzone (core, uncore, dram), in microjoules. Each counter runs from 0 to
 * its zone's {@code max_energy_range_uj} and then starts again at 0.
 */
public final class PowercapMeter implements EnergyMeter {

    /** The real tree; tests pass a fixture directory laid out the same way. */
    public static final Path DEFAULT_ROOT = Path.of("/sys/class/powercap");

    private static final Pattern ZONE = Pattern.compile("intel-rapl:\\d+(:\\d+)?");

    private record Zone(String domain, Path energy, long maxRange) {
    }

    private final Path root;
    private final List<Zone> zones;

    private PowercapMeter(Path root, List<Zone> zones) {
        this.root = root;
        this.zones = zones;
    }

    /**
     * The meter over every readable RAPL zone under {@code root}, or the exact reason there is none.
     * A zone whose counter cannot be read (since Linux 5.10 {@code energy_uj} is readable by root only)
     * makes the whole meter unavailable rather than silently partial.
     */
    public static Detection open(Path root) {
        if (!Files.isDirectory(root)) {
            return Detection.unavailable("no " + root + " directory (the kernel exposes no powercap interface)");
        }
        List<Path> zoneDirs;
        try (Stream<Path> entries = Files.list(root)) {
            zoneDirs = entries.filter(p -> ZONE.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            return Detection.unavailable("cannot list " + root + ": " + describe(e));
        }
        if (zoneDirs.isEmpty()) {
            return Detection.unavailable("no intel-rapl:* zones under " + root + " (the intel_rapl driver is not loaded"
                    + " or the CPU has no RAPL)");
        }
        List<Zone> zones = new ArrayList<>();
        for (Path dir : zoneDirs) {
            try {
                String name = readLine(dir.resolve("name"));
                String zone = dir.getFileName().toString();
                String domain = name;
                if (zone.indexOf(':') != zone.lastIndexOf(':')) {
                    // A subzone is named after its package: package-0/core, package-0/dram.
                    String parent = zone.substring(0, zone.lastIndexOf(':'));
                    domain = Optional.of(root.resolve(parent).resolve("name")).filter(Files::isRegularFile)
                            .map(PowercapMeter::readLineOrNull).orElse(parent) + "/" + name;
                }
                long max = Long.parseLong(readLine(dir.resolve("max_energy_range_uj")));
                Path energy = dir.resolve("energy_uj");
                Long.parseLong(readLine(energy));
                zones.add(new Zone(domain, energy, max));
            } catch (IOException | NumberFormatException e) {
                return Detection.unavailable("cannot read " + dir + ": " + describe(e));
            }
        }
        return Detection.available(new PowercapMeter(root, zones));
    }

    @Override
    public String source() {
        return "powercap " + root;
    }

    @Override
    public List<String> domains() {
        return zones.stream().map(Zone::domain).toList();
    }

    @Override
    public long[] read() throws IOException {
        long[] values = new long[zones.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Long.parseLong(readLine(zones.get(i).energy()));
        }
        return values;
    }

    @Override
    public double[] joules(long[] before, long[] after) {
        double[] joules = new double[zones.size()];
        for (int i = 0; i < joules.length; i++) {
            long delta = after[i] >= before[i] ? after[i] - before[i]
                    // Wrapped: up to the top of the range, then from 0.
                    : zones.get(i).maxRange() - before[i] + after[i];
            joules[i] = delta / 1e6;
        }
        return joules;
    }

    private static String readLine(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII).trim();
    }

    private static String readLineOrNull(Path file) {
        try {
            return readLine(file);
        } catch (IOException e) {
            return null;
        }
    }

    static String describe(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied (RAPL counters are readable by root only since Linux 5.10)";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "missing " + e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
