package org.fjdoctor.corpus;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles a fixture program with javax.tools and runs its main in a child JVM. */
final class ProgramRunner {

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    private ProgramRunner() {
    }

    /** Compiles every .java file under {@code sources} into {@code classes}; fails with javac's messages. */
    static void compile(Path sources, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-encoding", "UTF-8", "-nowarn", "-proc:none"));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, errors, errors, args.toArray(String[]::new));
        if (status != 0) {
            throw new AssertionError("javac failed for " + sources + ":\n" + errors.toString(StandardCharsets.UTF_8));
        }
    }

    /** The fully qualified name of the class under {@code sources} that declares {@code main}. */
    static String mainClass(Path sources) throws IOException {
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                if (text.contains("public static void main(")) {
                    Matcher pkg = PACKAGE.matcher(text);
                    String simple = file.getFileName().toString().replace(".java", "");
                    return pkg.find() ? pkg.group(1) + "." + simple : simple;
                }
            }
        }
        throw new AssertionError("no main under " + sources);
    }

    /** Runs the main and returns its {@code checksum=...} line. */
    static String checksum(Path classes, String mainClass) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"),
                mainClass).redirectErrorStream(true).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(mainClass + " did not finish in 120 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new AssertionError(mainClass + " exited with " + process.exitValue() + ":\n" + output);
        }
        return output.lines().filter(l -> l.startsWith("checksum=")).findFirst()
                .orElseThrow(() -> new AssertionError(mainClass + " printed no checksum:\n" + output));
    }
}
