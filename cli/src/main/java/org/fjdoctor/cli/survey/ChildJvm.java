package org.fjdoctor.cli.survey;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One fjdoctor command line in a JVM of its own, with a heap cap and a time limit: whatever the command
 * does to its JVM (runs out of memory, crashes, hangs) stays there. The JVM exits at its first
 * OutOfMemoryError instead of limping on.
 *
 * @param java      the java executable
 * @param classpath fjdoctor's classes: its runnable jar, or a test's class path
 */
record ChildJvm(String java, String classpath) implements Serializable {

    /** {@code org.fjdoctor.cli.survey.child.MeasuredRun}, named by text: it depends on the command line above this package. */
    static final String MAIN = "org.fjdoctor.cli.survey.child.MeasuredRun";

    /** The exit code of a JVM that {@code -XX:+ExitOnOutOfMemoryError} ended. */
    static final int OUT_OF_MEMORY_EXIT = 3;

    /** How a run ended, the end of what it printed (stdout and stderr together) and what it cost. */
    record Outcome(Kind kind, int exit, String outputTail, long millis, long peakMemoryBytes) {
        enum Kind { EXITED, TIMED_OUT, OUT_OF_MEMORY }

        /** The last non-blank output line that is not a stack frame, for a failure reason. */
        String lastError() {
            List<String> lines = outputTail.lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("at ") && !l.matches("\\.\\.\\. \\d+ more")).toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
        }
    }

    /** The JVM running this code and its class path. */
    static ChildJvm current() {
        return new ChildJvm(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                System.getProperty("java.class.path"));
    }

    Outcome run(List<String> fjdoctorArgs, String heap, Duration timeout, Path scratchDirectory) throws IOException {
        Path scratch = scratchDirectory.toAbsolutePath();
        Files.createDirectories(scratch);
        Path metrics = scratch.resolve("metrics.properties");
        Files.deleteIfExists(metrics);
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError",
                "-XX:+UseSerialGC", "-Djava.awt.headless=true", "-cp", absolute(classpath), MAIN, metrics.toString()));
        command.addAll(fjdoctorArgs);
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).directory(scratch.toFile())
                .redirectErrorStream(true).start();
        process.getOutputStream().close();
        // A survey stopped with Ctrl-C must not leave its scans running.
        Thread stop = new Thread(() -> destroy(process));
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            return await(process, timeout, metrics, start);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs
            }
        }
    }

    private static Outcome await(Process process, Duration timeout, Path metrics, long start) throws IOException {
        // A thread of its own: a reader queued behind others in a shared pool would let the child block on a full pipe.
        CompletableFuture<String> printed = new CompletableFuture<>();
        Thread reader = new Thread(() -> printed.complete(tail(process.getInputStream())), "survey-child-output");
        reader.setDaemon(true);
        reader.start();
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            destroy(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        if (!finished) {
            destroy(process);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        String output = printed.join();
        Properties cost = new Properties();
        if (finished && Files.isRegularFile(metrics)) {
            try (var in = Files.newBufferedReader(metrics, StandardCharsets.UTF_8)) {
                cost.load(in);
            }
        }
        long peak = Long.parseLong(cost.getProperty("peakRssBytes", cost.getProperty("peakHeapBytes", "0")));
        if (!finished) {
            return new Outcome(Outcome.Kind.TIMED_OUT, -1, output, millis, 0);
        }
        int exit = process.exitValue();
        // HotSpot says "Terminating due to java.lang.OutOfMemoryError" on stdout; fjdoctor never exits with 3.
        boolean oom = exit == OUT_OF_MEMORY_EXIT || output.contains("Terminating due to java.lang.OutOfMemoryError");
        return new Outcome(oom ? Outcome.Kind.OUT_OF_MEMORY : Outcome.Kind.EXITED, exit, output, millis, peak);
    }

    /**
     * The class path with each entry made absolute: the child runs in the repository's scratch directory, where
     * a relative entry ({@code java -jar fjdoctor.jar} gives one) would name nothing.
     */
    static String absolute(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            entries.add(Path.of(entry).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The child and anything it started (git, Maven). */
    private static void destroy(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last 8 KB of a stream, read to its end so the child never blocks on a full pipe. */
    private static String tail(InputStream in) {
        int keep = 8192;
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        byte[] buffer = new byte[keep];
        try (in) {
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                kept.write(buffer, 0, n);
                if (kept.size() > 8 * keep) {
                    byte[] all = kept.toByteArray();
                    kept.reset();
                    kept.write(all, all.length - keep, keep);
                }
            }
        } catch (IOException e) {
            // the child is gone; keep what was read
        }
        byte[] all = kept.toByteArray();
        int from = Math.max(0, all.length - keep);
        return new String(all, from, all.length - from, StandardCharsets.UTF_8);
    }
}
