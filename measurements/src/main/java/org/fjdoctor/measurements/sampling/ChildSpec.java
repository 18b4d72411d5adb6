package org.fjdoctor.measurements.sampling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one forked JVM runs: the workload's main class and arguments, how many warm-up and measured
 * iterations, where the energy counters are and where to write the samples. Converted to and from
 * the child's command-line arguments in one place so both sides agree.
 */
public record ChildSpec(Path resultFile, String mainClass, int warmup, int iterations, Path powercapRoot,
                        List<Path> msrFiles, List<String> workloadArgs) {

    private static final int FIXED = 6;

    public ChildSpec {
        msrFiles = List.copyOf(msrFiles);
        workloadArgs = List.copyOf(workloadArgs);
    }

    /** The arguments after {@code ChildMain}'s class name. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(resultFile.toString(), mainClass, Integer.toString(warmup),
                Integer.toString(iterations), powercapRoot.toString(),
                String.join(java.io.File.pathSeparator, msrFiles.stream().map(Path::toString).toList())));
        args.addAll(workloadArgs);
        return args;
    }

    static ChildSpec parse(String[] args) {
        if (args.length < FIXED) {
            throw new IllegalArgumentException("usage: ChildMain RESULT_FILE MAIN_CLASS WARMUP ITERATIONS POWERCAP_ROOT"
                    + " MSR_FILES [WORKLOAD_ARGS...]");
        }
        List<Path> msr = Arrays.stream(args[5].split(java.io.File.pathSeparator)).filter(s -> !s.isEmpty())
                .map(Path::of).toList();
        return new ChildSpec(Path.of(args[0]), args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                Path.of(args[4]), msr, Arrays.asList(args).subList(FIXED, args.length));
    }
}
