package org.fjdoctor.cli.scan;

import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.fjdoctor.cli.common.Version;

/**
 * Asks Maven for the compile and test classpath of the projects being scanned
 * ({@code dependency:build-classpath}). Best effort: when Maven is missing, fails or takes too long,
 * the caller gets a warning and an empty classpath, and the scan runs in no-classpath mode.
 */
public final class MavenClasspath {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    private static final int LOG_LINES_SHOWN = 15;

    private final Duration timeout;
    private final Consumer<String> warnings;
    private final Consumer<String> progress;

    /**
     * @param warnings receives one clear line (or a few) per problem; never fatal
     * @param progress receives what is being run, for users waiting on a slow build
     */
    public MavenClasspath(Duration timeout, Consumer<String> warnings, Consumer<String> progress) {
        this.timeout = timeout;
        this.warnings = warnings;
        this.progress = progress;
    }

    /** The classpath of every root that is a directory with a {@code pom.xml}, in order, without duplicates. */
    public List<Path> resolve(List<Path> roots) {
        Set<Path> entries = new LinkedHashSet<>();
        boolean anyProject = false;
        for (Path root : roots) {
            if (Files.isRegularFile(root.resolve("pom.xml"))) {
                anyProject = true;
                entries.addAll(resolveProject(root.toAbsolutePath().normalize()));
            }
        }
        if (!anyProject) {
            warnings.accept("--maven: none of the scanned paths contains a pom.xml; scanning without a classpath");
        }
        return List.copyOf(entries);
    }

    private List<Path> resolveProject(Path project) {
        Path outputs;
        try {
            outputs = Files.createTempDirectory("fjdoctor-classpath");
        } catch (IOException e) {
            warnings.accept("--maven: cannot create a temporary directory (" + e.getMessage()
                    + "); scanning " + project + " without a classpath");
            return List.of();
        }
        Path log = outputs.resolve("maven.log");
        List<String> command = new ArrayList<>(mavenLauncher(project));
        // One output file per module (Maven expands ${project.*} in the property), so a multi-module
        // build does not overwrite one module's classpath with the next one's.
        command.addAll(List.of("-q", "-B", "-fae",
                "org.apache.maven.plugins:maven-dependency-plugin:" + Version.dependencyPlugin() + ":build-classpath",
                "-Dmdep.outputFile=" + outputs.resolve("${project.groupId}.${project.artifactId}.classpath")));
        progress.accept("resolving the Maven classpath of " + project + " (" + String.join(" ", command.subList(0, 1)) + ")");
        try {
            int exit = run(command, project, log);
            List<Path> entries = readOutputs(outputs);
            if (exit == 0) {
                return entries;
            }
            String reason = exit == Integer.MIN_VALUE
                    ? "Maven did not finish within " + timeout.toSeconds() + " s and was stopped"
                    : "Maven failed (exit code " + exit + ")";
            warnings.accept("--maven: " + reason + " in " + project + "; "
                    + (entries.isEmpty() ? "scanning without a classpath" : "using the " + entries.size()
                            + " classpath entries it did resolve") + tail(log));
            return entries;
        } catch (IOException e) {
            warnings.accept("--maven: cannot run " + command.get(0) + " in " + project + " (" + e.getMessage()
                    + "); scanning without a classpath. Install Maven or add the Maven wrapper (mvnw).");
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            warnings.accept("--maven: interrupted; scanning without a classpath");
            return List.of();
        } finally {
            deleteQuietly(outputs);
        }
    }

    /** The project's own wrapper when it has one, so its pinned Maven version is used. */
    static List<String> mavenLauncher(Path project) {
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        Path wrapper = project.resolve(windows ? "mvnw.cmd" : "mvnw");
        if (Files.isRegularFile(wrapper) && (windows || Files.isExecutable(wrapper))) {
            return List.of(wrapper.toString());
        }
        if (Files.isRegularFile(wrapper)) {
            return List.of("sh", wrapper.toString());
        }
        return List.of(windows ? "mvn.cmd" : "mvn");
    }

    /** The exit code, or {@code Integer.MIN_VALUE} after a timeout. */
    private int run(List<String> command, Path directory, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File(windowsOrUnixNullDevice())))
                .start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            return Integer.MIN_VALUE;
        }
        return process.exitValue();
    }

    private static String windowsOrUnixNullDevice() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? "NUL" : "/dev/null";
    }

    private static List<Path> readOutputs(Path outputs) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(outputs, "*.classpath")) {
            stream.forEach(files::add);
        }
        files.sort(Comparator.naturalOrder());
        Set<Path> entries = new LinkedHashSet<>();
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), Charset.defaultCharset()).trim();
            for (String entry : text.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    entries.add(Path.of(entry.trim()));
                }
            }
        }
        return List.copyOf(entries);
    }

    /** The end of Maven's output, indented, so the user sees why it failed. */
    private static String tail(Path log) {
        try {
            List<String> lines = new String(Files.readAllBytes(log), Charset.defaultCharset()).lines()
                    .map(line -> line.replaceAll("\u001B\\[[0-9;]*m", ""))
                    .filter(line -> !line.isBlank())
                    .toList();
            if (lines.isEmpty()) {
                return "";
            }
            List<String> shown = lines.subList(Math.max(0, lines.size() - LOG_LINES_SHOWN), lines.size());
            return "; Maven said:\n    " + String.join("\n    ", shown);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // a leftover temporary file is harmless
                }
            });
        } catch (IOException e) {
            // same
        }
    }
}
