package org.fjdoctor.refactorings.pipeline;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.JavaLevels;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Checks rewritten files before anything is written: each must parse, be encodable in its file's
 * charset and, when a classpath is known and the original files compile, compile.
 */
public final class Verifier {

    /** Whether changed files were compiled, and if not, why. */
    public enum Compilation {
        COMPILED("compiled with javac against the classpath"),
        NO_CLASSPATH("not compiled: no classpath known (give --classpath or --maven)"),
        NO_COMPILER("not compiled: no Java compiler in this runtime (run fjdoctor with a JDK)"),
        ORIGINALS_FAIL("not compiled: the original files do not compile with the classpath either"),
        NOTHING_CHANGED("nothing to compile");

        private final String description;

        Compilation(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Map<Path, SourceFile> files;
    private final JavaLevels javaLevels;
    private final CompileCheck compiler;
    private Compilation compilation = Compilation.NOTHING_CHANGED;
    private Boolean originalsCompile;

    /**
     * @param classpath empty: parse only
     * @param javaLevel the level to parse at, and to compile at with {@code --release} ({@link CompileCheck})
     * @param encoding  the charset the user gave for the sources, or null
     */
    public Verifier(List<SourceFile> allFiles, List<Path> classpath, int javaLevel, Charset encoding) {
        this(allFiles, classpath, JavaLevels.uniform(javaLevel, "--java-level"), encoding);
    }

    /**
     * @param javaLevels each file's level: a rewritten file is parsed at its own; the compile check (one
     *                   javac run over files that may have different levels) uses the highest, so the
     *                   parse check is what holds a lower-level file to its level's syntax
     */
    public Verifier(List<SourceFile> allFiles, List<Path> classpath, JavaLevels javaLevels, Charset encoding) {
        this.files = new LinkedHashMap<>();
        allFiles.forEach(f -> files.put(f.path(), f));
        this.javaLevels = javaLevels;
        this.compiler = classpath.isEmpty() || !CompileCheck.compilerAvailable() ? null
                : new CompileCheck(classpath, allFiles, javaLevels.highest(), encoding);
        if (classpath.isEmpty()) {
            compilation = Compilation.NO_CLASSPATH;
        } else if (compiler == null) {
            compilation = Compilation.NO_COMPILER;
        }
    }

    /** The Java level rewritten files are parsed and compiled at (with levels per file: the lowest). */
    public int javaLevel() {
        return javaLevels.lowest();
    }

    /** The highest level of a file: what the compile check runs at. */
    public int highestJavaLevel() {
        return javaLevels.highest();
    }

    /** How the last non-empty check went as far as compiling is concerned. */
    public Compilation compilation() {
        return compilation;
    }

    /** Why each failing file fails; empty when every rewritten text is fine. */
    public Map<Path, String> check(Map<Path, String> rewritten) {
        Map<Path, String> failures = new LinkedHashMap<>();
        rewritten.forEach((path, text) -> {
            SourceFile original = files.get(path);
            SourceFile candidate = SourceFile.of(path, original.display(), original.rootRelative(), text,
                    original.charset(), original.byteOrderMark());
            if (SpoonModelBuilder.hasSyntaxError(candidate, javaLevels.feature(path))) {
                failures.put(path, "the rewritten file does not parse");
            } else if (!original.charset().newEncoder().canEncode(text)) {
                failures.put(path, "the rewritten file has characters that " + original.charset().name() + " cannot encode");
            }
        });
        if (compiler == null || rewritten.isEmpty() || !failures.isEmpty()) {
            return failures;
        }
        if (originalsCompile == null) {
            Map<Path, String> originals = new LinkedHashMap<>();
            files.values().forEach(f -> originals.put(f.path(), f.text()));
            originalsCompile = compiler.errors(originals).isEmpty();
        }
        if (!originalsCompile) {
            compilation = Compilation.ORIGINALS_FAIL;
            return failures;
        }
        compilation = Compilation.COMPILED;
        failures.putAll(compiler.errors(rewritten));
        return failures;
    }
}
