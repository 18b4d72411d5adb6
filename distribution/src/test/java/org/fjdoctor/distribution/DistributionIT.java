package org.fjdoctor.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archives that {@code package} built, as a user gets them: the tarball unpacked with {@code tar} into
 * a temporary directory and its {@code bin/fjdoctor} run on a small fork/join project, once with each
 * Java 17 or later installed under {@code /usr/lib/jvm} (and the one running this test).
 */
class DistributionIT {

    private static final String VERSION = System.getProperty("fjdoctor.version");
    private static final Path ARCHIVES = Path.of(System.getProperty("fjdoctor.archives"));
    private static final String TOP = "fjdoctor-" + VERSION + "/";

    private static final String COPYING_SUM = """
            package demo;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public class CopyingSum extends RecursiveTask<Long> {
                private final long[] data;

                public CopyingSum(long[] data) {
                    this.data = data;
                }

                @Override
                protected Long compute() {
                    if (data.length <= 1000) {
                        long sum = 0;
                        for (long value : data) {
                            sum += value;
                        }
                        return sum;
                    }
                    int mid = data.length / 2;
                    CopyingSum left = new CopyingSum(Arrays.copyOfRange(data, 0, mid));
                    CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    @TempDir
    static Path work;
    private static Path home;

    @BeforeAll
    static void unpackTheTarball() throws Exception {
        Path tarball = ARCHIVES.resolve("fjdoctor-" + VERSION + ".tar.gz");
        assertTrue(Files.isRegularFile(tarball), tarball + " was built");
        Path into = Files.createDirectories(work.resolve("unpacked"));
        Result tar = run(into, Map.of(), "tar", "xzf", tarball.toString());
        assertEquals(0, tar.exit(), tar.output());
        home = into.resolve(TOP);
    }

    @Test
    void holdsTheJarTheLaunchersTheReadmeAndTheRulePages() throws IOException {
        assertTrue(Files.size(home.resolve("lib/fjdoctor.jar")) > 1_000_000, "the runnable jar with its dependencies");
        assertTrue(Files.getPosixFilePermissions(home.resolve("bin/fjdoctor")).contains(PosixFilePermission.OWNER_EXECUTE));
        String bat = Files.readString(home.resolve("bin/fjdoctor.bat"), StandardCharsets.US_ASCII);
        assertTrue(bat.contains("\r\n") && bat.contains("lib\\fjdoctor.jar"), "a Windows launcher with CRLF lines");
        assertTrue(Files.readString(home.resolve("README.md")).startsWith("# fjdoctor"));
        assertTrue(Files.isRegularFile(home.resolve("docs/rules/copy-on-fork.md")));
        assertTrue(Files.isRegularFile(home.resolve("docs/rules/README.md")));
    }

    @Test
    void theZipHoldsTheSameFilesAsTheTarball() throws Exception {
        TreeSet<String> inZip = new TreeSet<>();
        try (ZipFile zip = new ZipFile(ARCHIVES.resolve("fjdoctor-" + VERSION + ".zip").toFile())) {
            zip.stream().filter(e -> !e.isDirectory()).forEach(e -> inZip.add(e.getName()));
        }
        TreeSet<String> inTarball = new TreeSet<>();
        try (Stream<Path> files = Files.walk(home)) {
            files.filter(Files::isRegularFile).forEach(f -> inTarball.add(TOP + home.relativize(f).toString().replace('\\', '/')));
        }
        assertEquals(inTarball, inZip);
    }

    @Test
    void versionAndScanRunOnEveryInstalledJava() throws Exception {
        Path project = Files.createDirectories(work.resolve("project/src/main/java/demo"));
        Files.writeString(project.resolve("CopyingSum.java"), COPYING_SUM);
        List<Path> jdks = installedJdks();
        assertFalse(jdks.isEmpty());
        for (Path jdk : jdks) {
            Map<String, String> env = Map.of("JAVA_HOME", jdk.toString());
            int major = major(jdk);

            Result version = run(work, env, home.resolve("bin/fjdoctor").toString(), "--version");
            assertEquals(0, version.exit(), version.output());
            assertTrue(version.output().startsWith("fjdoctor " + VERSION + "\nJava " + major), jdk + ": " + version.output());

            Result scan = run(work.resolve("project"), env, home.resolve("bin/fjdoctor").toString(), "scan", "src");
            assertEquals(4, scan.exit(), jdk + ": findings at the default --fail-on level: " + scan.output());
            assertTrue(scan.output().contains("src/main/java/demo/CopyingSum.java:24:"), jdk + ": " + scan.output());
            assertTrue(scan.output().contains("[copy-on-fork]"), jdk + ": " + scan.output());
            assertTrue(scan.output().contains(home.resolve("docs/rules/copy-on-fork.md").toString()),
                    jdk + ": the rule page in the unpacked archive: " + scan.output());
            System.out.println("distribution: bin/fjdoctor ran on Java " + major + " (" + jdk + ")");
        }
    }

    /** The running Java and every other JDK of version 17 or later under /usr/lib/jvm, each once. */
    private static List<Path> installedJdks() throws IOException {
        Map<Path, Path> byRealPath = new LinkedHashMap<>();
        Path running = Path.of(System.getProperty("java.home"));
        byRealPath.put(running.toRealPath(), running);
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            List<Path> candidates = new ArrayList<>();
            try (Stream<Path> dirs = Files.list(jvms)) {
                dirs.sorted().forEach(candidates::add);
            }
            for (Path jdk : candidates) {
                if (Files.isExecutable(jdk.resolve("bin/java")) && Files.isRegularFile(jdk.resolve("release"))
                        && major(jdk) >= 17) {
                    byRealPath.putIfAbsent(jdk.toRealPath(), jdk);
                }
            }
        }
        return List.copyOf(byRealPath.values());
    }

    /** The feature release of the JDK at {@code jdk}, from its {@code release} file. */
    private static int major(Path jdk) throws IOException {
        Properties release = new Properties();
        try (var in = Files.newInputStream(jdk.resolve("release"))) {
            release.load(in);
        }
        String version = release.getProperty("JAVA_VERSION", "\"0\"").replace("\"", "");
        return Integer.parseInt(version.split("[.+-]")[0]);
    }

    private record Result(int exit, String output) {
    }

    private static Result run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().remove("FJDOCTOR_JAVA");
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end: " + output);
        }
        return new Result(process.exitValue(), output.replace("\r\n", "\n"));
    }
}
