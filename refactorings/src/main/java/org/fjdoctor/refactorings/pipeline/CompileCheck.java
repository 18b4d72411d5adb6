package org.fjdoctor.refactorings.pipeline;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Compiles changed files in memory with {@code javax.tools}: the given texts as compilation units,
 * the rest of the tree on the source path, the known classpath. Class files go to a temporary
 * directory that is deleted afterwards.
 *
 * <p>javac compiles with {@code --release} at the project's level: the language and the JDK API of that
 * release. The running javac supports only the releases from 7 (JDK 17 to 19) or 8 (JDK 20 and later) on;
 * a lower level is compiled at that lowest release, so for a Java 5 or 6 project javac checks the API and
 * every rule the two share (such as an anonymous class capturing only final locals) but not the
 * constructs new in 7 (diamond, try-with-resources, multi-catch, strings in switch, binary literals):
 * those the parse check at the exact level rejects ({@link Verifier}).
 */
final class CompileCheck {

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private final List<Path> classpath;
    private final List<Path> sourcepath;
    private final int javaLevel;
    private final Charset encoding;

    /** @param encoding of the files on the source path; null: UTF-8 */
    CompileCheck(List<Path> classpath, List<SourceFile> files, int javaLevel, Charset encoding) {
        this.encoding = encoding == null ? StandardCharsets.UTF_8 : encoding;
        this.classpath = List.copyOf(classpath);
        this.sourcepath = sourceRoots(files);
        this.javaLevel = javaLevel;
    }

    static boolean compilerAvailable() {
        return ToolProvider.getSystemJavaCompiler() != null;
    }

    /**
     * The errors per file of compiling {@code texts}; an error javac does not attribute to one of
     * them is attributed to all (they are compiled together).
     */
    Map<Path, String> errors(Map<Path, String> texts) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path out = null;
        try (StandardJavaFileManager manager = compiler.getStandardFileManager(diagnostics, Locale.ENGLISH, null)) {
            out = Files.createTempDirectory("fjdoctor-javac-");
            List<JavaFileObject> units = new ArrayList<>();
            texts.forEach((path, text) -> units.add(new InMemorySource(path, text)));
            List<String> options = new ArrayList<>(List.of("-proc:none", "-implicit:none", "-nowarn", "-Xlint:none",
                    "--release", Integer.toString(release(javaLevel)), "-d", out.toString(), "-encoding", encoding.name()));
            options.add("-classpath");
            options.add(join(classpath));
            if (!sourcepath.isEmpty()) {
                options.add("-sourcepath");
                options.add(join(sourcepath));
            }
            StringWriter log = new StringWriter();
            boolean ok = compiler.getTask(log, manager, diagnostics, options, null, units).call();
            Map<Path, String> errors = new LinkedHashMap<>();
            List<String> unattributed = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) {
                    continue;
                }
                String message = "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ENGLISH).lines().findFirst().orElse("");
                if (d.getSource() instanceof InMemorySource source) {
                    errors.putIfAbsent(source.path, "does not compile (" + message + ")");
                } else {
                    String where = d.getSource() == null ? "" : new File(d.getSource().toUri()).getName() + " ";
                    unattributed.add(where + message);
                }
            }
            if (!ok && errors.isEmpty() && unattributed.isEmpty()) {
                unattributed.add(log.toString().strip().lines().findFirst().orElse("javac failed"));
            }
            if (!unattributed.isEmpty()) {
                texts.keySet().forEach(path -> errors.putIfAbsent(path, "does not compile with the other changed files ("
                        + unattributed.get(0) + ")"));
            }
            return errors;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(out);
        }
    }

    /** {@code level}, or the lowest release the running javac supports when {@code level} is below it. */
    static int release(int level) {
        int lowest = Runtime.version().feature() >= 20 ? 8 : 7;
        return Math.max(level, lowest);
    }

    private static String join(List<Path> paths) {
        return String.join(File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    /** The directories that hold the files' package trees (what {@code -sourcepath} wants). */
    private static List<Path> sourceRoots(List<SourceFile> files) {
        Set<Path> roots = new LinkedHashSet<>();
        for (SourceFile file : files) {
            Matcher matcher = PACKAGE.matcher(file.text());
            String pkg = matcher.find() ? matcher.group(1) : "";
            Path dir = file.path().getParent();
            String[] parts = pkg.isEmpty() ? new String[0] : pkg.split("\\.");
            for (int i = parts.length - 1; i >= 0 && dir != null; i--) {
                dir = dir.getFileName() != null && dir.getFileName().toString().equals(parts[i]) ? dir.getParent() : null;
            }
            if (dir != null) {
                roots.add(dir);
            }
        }
        return List.copyOf(roots);
    }

    private static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }

    private static final class InMemorySource extends SimpleJavaFileObject {
        private final Path path;
        private final String text;

        InMemorySource(Path path, String text) {
            super(path.toUri(), Kind.SOURCE);
            this.path = path;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
