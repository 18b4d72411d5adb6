package org.fjdoctor.measurements.runner;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.fjdoctor.measurements.sampling.ChildMain;
import org.fjdoctor.measurements.sampling.ChildSpec;
import org.fjdoctor.measurements.sampling.ForkRun;
import org.fjdoctor.measurements.sampling.SampleFile;

/**
 * Measures an original and a rewritten program in fresh JVMs, alternating them fork by fork
 * (A B A B ...) so that drift in the machine's load, temperature or clock affects both alike. Each
 * JVM runs {@link ChildMain} around the program's main; the common pool's parallelism is set to the
 * thread count, which is also passed to the program as the system property {@code fjdoctor.threads}.
 */
public final class Runner {

    /** The system property that tells a workload how many worker threads to use for its own pools. */
    public static final String THREADS_PROPERTY = "fjdoctor.threads";

    private final RunConfig config;
    private final Path workDir;
    private final Consumer<String> progress;

    /** @param workDir where the child JVMs' result and output files go */
    public Runner(RunConfig config, Path workDir, Consumer<String> progress) {
        this.config = config;
        this.workDir = workDir;
        this.progress = progress;
    }

    /** One measurement per thread count of the configuration. */
    public List<Measurement> compare(String name, Program before, Program after) throws IOException, InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (int threads : config.threads()) {
            List<ForkRun> a = new ArrayList<>();
            List<ForkRun> b = new ArrayList<>();
            for (int fork = 0; fork < config.forks(); fork++) {
                progress.accept(name + ": " + threads + " thread(s), fork " + (fork + 1) + "/" + config.forks());
                a.add(fork(before, threads, name + "-t" + threads + "-f" + fork + "-before"));
                b.add(fork(after, threads, name + "-t" + threads + "-f" + fork + "-after"));
            }
            measurements.add(new Measurement(threads, a, b));
        }
        return measurements;
    }

    /** Runs one JVM and reads its samples. */
    public ForkRun fork(Program program, int threads, String label) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path result = workDir.resolve(label + ".samples");
        Path output = workDir.resolve(label + ".out");
        Files.deleteIfExists(result);
        ChildSpec spec = new ChildSpec(result, program.mainClass(), config.warmup(), config.iterations(),
                config.powercapRoot(), config.msrFiles(), program.args());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (config.heap() != null) {
            // Fixed heap: the collector's sizing decisions then do not differ between the two programs.
            command.add("-Xms" + config.heap());
            command.add("-Xmx" + config.heap());
        }
        command.addAll(config.jvmFlags());
        command.add("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + threads);
        command.add("-D" + THREADS_PROPERTY + "=" + threads);
        command.add("-cp");
        List<String> classpath = new ArrayList<>();
        classpath.add(harnessLocation().toString());
        program.classpath().forEach(p -> classpath.add(p.toString()));
        command.add(String.join(File.pathSeparator, classpath));
        command.add(ChildMain.class.getName());
        command.addAll(spec.toArgs());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(config.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IOException(program.mainClass() + " did not finish within " + config.timeout() + " (" + label + ")");
        }
        if (process.exitValue() != 0 || !Files.exists(result)) {
            throw new IOException(program.mainClass() + " failed in " + label + " with exit code " + process.exitValue()
                    + ":\n" + tail(output));
        }
        return SampleFile.read(result);
    }

    /** The jar or class directory holding the harness, which the child JVM needs on its classpath. */
    static Path harnessLocation() {
        try {
            return Path.of(ChildMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the harness classes", e);
        }
    }

    private static String tail(Path output) throws IOException {
        if (!Files.exists(output)) {
            return "(no output)";
        }
        String text = Files.readString(output, StandardCharsets.UTF_8);
        return text.length() > 4000 ? "..." + text.substring(text.length() - 4000) : text;
    }
}
