package org.fjdoctor.cli.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A corpus program meant for measuring: its main class carries a {@code // measure: ARGS} line (the
 * arguments that make one run take a measurable time; without them the program runs its small default
 * input, which keeps the corpus tests fast).
 *
 * @param dir         the program's directory (its package)
 * @param packageName the program's package
 * @param mainClass   fully qualified
 * @param args        the arguments from the marker
 */
record Workload(String name, Path dir, String packageName, String mainClass, List<String> args) {

    private static final Pattern MARKER = Pattern.compile("(?m)^\\s*// measure:(.*)$");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern MAIN = Pattern.compile("public\\s+static\\s+void\\s+main\\s*\\(");

    /** Every workload under {@code root}, sorted by name. */
    static List<Workload> find(Path root) throws IOException {
        List<Workload> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                of(file).ifPresent(found::add);
            }
        }
        found.sort((a, b) -> a.name().compareTo(b.name()));
        return found;
    }

    private static Optional<Workload> of(Path file) {
        String text;
        try {
            // The markers are ASCII; Latin-1 reads any byte, so broken or non-UTF-8 files are simply not workloads.
            text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException unreadable) {
            return Optional.empty();
        }
        Matcher marker = MARKER.matcher(text);
        if (!marker.find() || !MAIN.matcher(text).find()) {
            return Optional.empty();
        }
        Matcher pkg = PACKAGE.matcher(text);
        String packageName = pkg.find() ? pkg.group(1) : "";
        String simple = file.getFileName().toString().replaceFirst("\\.java$", "");
        List<String> args = Arrays.stream(marker.group(1).trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        Path dir = file.toAbsolutePath().getParent();
        return Optional.of(new Workload(dir.getFileName().toString(), dir, packageName,
                packageName.isEmpty() ? simple : packageName + "." + simple, args));
    }

    /**
     * The arguments scaled by {@code factor}: the first argument (the input size) is multiplied, at least 1;
     * the others (rounds) stay.
     */
    List<String> scaled(double factor) {
        if (factor == 1 || args.isEmpty()) {
            return args;
        }
        List<String> scaled = new ArrayList<>(args);
        scaled.set(0, Long.toString(Math.max(1, Math.round(Long.parseLong(args.get(0)) * factor))));
        return scaled;
    }

    /** Whether a {@code --workloads} entry names this workload: its name, or a part of its package such as the rule. */
    boolean matches(String filter) {
        return name.equals(filter) || Arrays.asList(packageName.split("\\.")).contains(filter.replace("-", ""));
    }
}
