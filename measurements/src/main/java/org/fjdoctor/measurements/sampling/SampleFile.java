package org.fjdoctor.measurements.sampling;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The child's result file: tab-separated lines, {@code allocation <method>}, {@code energy <description>},
 * {@code domains <d1,d2..>} and one {@code sample} line per iteration. Plain text so the child needs
 * nothing beyond the JDK.
 */
public final class SampleFile {

    private static final String NONE = "-";

    private SampleFile() {
    }

    static void write(Path file, ForkRun run) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append("allocation\t").append(run.allocation()).append('\n');
        text.append("energy\t").append(clean(run.energy())).append('\n');
        text.append("domains\t").append(String.join(",", run.domains())).append('\n');
        for (Sample s : run.samples()) {
            text.append("sample\t").append(s.index()).append('\t').append(s.warmup() ? 1 : 0).append('\t')
                    .append(s.wallNanos()).append('\t').append(s.cpuNanos()).append('\t').append(s.allocatedBytes())
                    .append('\t').append(s.gcCount()).append('\t').append(s.gcMillis()).append('\t')
                    .append(s.joules() == null ? NONE : String.join(",", Arrays.stream(s.joules())
                            .mapToObj(Double::toString).toList()))
                    .append('\t').append(s.checksum() == null ? NONE : clean(s.checksum())).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** @throws IOException when the file is missing or not in this format */
    public static ForkRun read(Path file) throws IOException {
        String allocation = null;
        String energy = null;
        List<String> domains = List.of();
        List<Sample> samples = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            try {
                switch (f[0]) {
                    case "allocation" -> allocation = f[1];
                    case "energy" -> energy = f[1];
                    case "domains" -> domains = f[1].isEmpty() ? List.of() : List.of(f[1].split(","));
                    case "sample" -> samples.add(new Sample(Integer.parseInt(f[1]), f[2].equals("1"),
                            Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]),
                            Long.parseLong(f[7]), f[8].equals(NONE) ? null
                                    : Arrays.stream(f[8].split(",")).mapToDouble(Double::parseDouble).toArray(),
                            f[9].equals(NONE) ? null : f[9]));
                    default -> throw new IOException("unexpected line in " + file + ": " + line);
                }
            } catch (RuntimeException e) {
                throw new IOException("malformed line in " + file + ": " + line, e);
            }
        }
        if (allocation == null || energy == null) {
            throw new IOException(file + " is not a complete sample file");
        }
        return new ForkRun(allocation, energy, domains, samples);
    }

    private static String clean(String text) {
        return text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }
}
