package org.fjdoctor.cli.measure;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles a source tree into a class directory with {@code javax.tools}. */
final class Compilation {

    private Compilation() {
    }

    /** @throws IOException with javac's messages when the sources do not compile or there is no compiler */
    static void compile(Path sources, Path classes, List<Path> classpath) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IOException("no Java compiler in this runtime (run fjdoctor with a JDK)");
        }
        Files.createDirectories(classes);
        List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-encoding", "UTF-8", "-nowarn",
                "-proc:none", "-g"));
        if (!classpath.isEmpty()) {
            options.add("-cp");
            options.add(String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        }
        List<String> sourceFiles;
        try (Stream<Path> files = Files.walk(sources)) {
            sourceFiles = files.filter(p -> p.toString().endsWith(".java")).sorted().map(Path::toString).toList();
        }
        if (sourceFiles.isEmpty()) {
            throw new IOException("no .java files under " + sources);
        }
        StringWriter errors = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            if (!javac.getTask(errors, files, null, options, null, files.getJavaFileObjectsFromStrings(sourceFiles)).call()) {
                throw new IOException("javac failed for " + sources + ":\n" + errors);
            }
        }
    }

    /** Whether {@code dir} holds Java sources (as opposed to compiled classes). */
    static boolean hasSources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(p -> p.toString().endsWith(".java"));
        }
    }
}
