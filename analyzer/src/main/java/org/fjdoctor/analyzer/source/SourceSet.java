package org.fjdoctor.analyzer.source;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;

/**
 * What to analyze.
 *
 * @param roots       files or directories, as the user gave them
 * @param classpath   jars and class directories the sources compile against; empty means Spoon's
 *                    no-classpath mode, which is the default and works without a build
 * @param javaLevels  the Java language level of each source file
 * @param maxFileSize files larger than this many bytes are reported and skipped
 * @param encoding    the charset to try first; {@code null} means UTF-8 with a Latin-1 fallback
 * @param exclusions  files and directories under the roots to leave out, as if they were not there
 */
public record SourceSet(List<Path> roots, List<Path> classpath, JavaLevels javaLevels, long maxFileSize,
                        Charset encoding, Exclusions exclusions) {

    public static final long DEFAULT_MAX_FILE_SIZE = 4L * 1024 * 1024;

    public SourceSet {
        roots = List.copyOf(roots);
        classpath = List.copyOf(classpath);
        exclusions = exclusions == null ? Exclusions.NONE : exclusions;
    }

    /**
     * The level the sources are parsed and modelled at: the highest of {@link #javaLevels()} (one model
     * holds every file, and code valid at a lower level is valid at a higher one), but at least 8, the
     * lowest level Spoon's compiler accepts. Code of Java 5 to 7 is valid Java 8 (bar {@code _} as a name),
     * so the analysis does not change; rewrites still write for each file's own level.
     */
    public int parseLevel() {
        return Math.max(javaLevels.highest(), 8);
    }

    /** The level of the lowest file (without resolved files: the one level there is). */
    public int javaLevel() {
        return javaLevels.lowest();
    }

    public static SourceSet of(List<Path> roots) {
        return new SourceSet(roots, List.of(), JavaLevels.uniform(JavaLevel.DEFAULT, "default"), DEFAULT_MAX_FILE_SIZE,
                null, Exclusions.NONE);
    }

    public SourceSet withClasspath(List<Path> entries) {
        return new SourceSet(roots, entries, javaLevels, maxFileSize, encoding, exclusions);
    }

    /** {@code level} for every file. */
    public SourceSet withJavaLevel(int level) {
        return withJavaLevels(JavaLevels.uniform(level, "--java-level"));
    }

    public SourceSet withJavaLevels(JavaLevels levels) {
        return new SourceSet(roots, classpath, levels, maxFileSize, encoding, exclusions);
    }

    public SourceSet withMaxFileSize(long bytes) {
        return new SourceSet(roots, classpath, javaLevels, bytes, encoding, exclusions);
    }

    public SourceSet withEncoding(Charset charset) {
        return new SourceSet(roots, classpath, javaLevels, maxFileSize, charset, exclusions);
    }

    public SourceSet withExclusions(Exclusions excluded) {
        return new SourceSet(roots, classpath, javaLevels, maxFileSize, encoding, excluded);
    }
}
