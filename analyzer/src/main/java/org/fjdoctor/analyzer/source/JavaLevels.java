package org.fjdoctor.analyzer.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Java level of each source file. Either one level for every file (the user named it), or per file the
 * level of the nearest build settings at or above it ({@link JavaLevel#declaredAbove}: a Maven module's
 * pom, a Gradle subproject's build, an Eclipse project's JDT settings), else a fallback. So a repository
 * scanned from its root whose subproject declares 1.6 gets fixes valid at 1.6 there and at 17 elsewhere.
 *
 * <p>Instances are immutable; {@link #resolve} returns one that also lists the files of an analysis with
 * their levels, which {@link #uses()}, {@link #lowest()} and {@link #highest()} describe.
 */
public final class JavaLevels {

    /** One level in use: the level, where it comes from, and how many of the resolved files have it. */
    public record Use(JavaLevel level, int files) {
    }

    private final JavaLevel uniform;
    private final JavaLevel fallback;
    private final Map<Path, Optional<JavaLevel>> byDirectory;
    private final Map<Path, JavaLevel> resolved;

    private JavaLevels(JavaLevel uniform, JavaLevel fallback, Map<Path, Optional<JavaLevel>> byDirectory,
                       Map<Path, JavaLevel> resolved) {
        this.uniform = uniform;
        this.fallback = fallback;
        this.byDirectory = byDirectory;
        this.resolved = resolved;
    }

    /** {@code level} for every file. */
    public static JavaLevels uniform(JavaLevel level) {
        return new JavaLevels(level, level, Map.of(), Map.of());
    }

    /** Level {@code feature} for every file, with {@code origin} as its source. */
    public static JavaLevels uniform(int feature, String origin) {
        return uniform(new JavaLevel(feature, origin));
    }

    /** Per file, what the nearest build settings declare, else {@code fallback}. */
    public static JavaLevels fromBuild(JavaLevel fallback) {
        return new JavaLevels(null, fallback, new ConcurrentHashMap<>(), Map.of());
    }

    /** The level of the file (or directory) at {@code path}. */
    public JavaLevel of(Path path) {
        if (uniform != null) {
            return uniform;
        }
        JavaLevel known = resolved.get(path);
        if (known != null) {
            return known;
        }
        Path absolute = path.toAbsolutePath().normalize();
        Path dir = absolute.getParent() == null ? absolute : absolute.getParent();
        return declared(dir).orElse(fallback);
    }

    public int feature(Path path) {
        return of(path).feature();
    }

    /** With {@code files} resolved: what {@link #uses()}, {@link #lowest()} and {@link #highest()} cover. */
    public JavaLevels resolve(Collection<Path> files) {
        Map<Path, JavaLevel> levels = new LinkedHashMap<>();
        for (Path file : files) {
            levels.put(file, of(file));
        }
        return new JavaLevels(uniform, fallback, byDirectory, Map.copyOf(levels));
    }

    /** Whether one level applies to every file (the user named it), rather than each file's build's. */
    public boolean isUniform() {
        return uniform != null;
    }

    /** The lowest level of the resolved files (without any: the uniform level or the fallback). */
    public int lowest() {
        return resolved.values().stream().mapToInt(JavaLevel::feature).min().orElse(fallback.feature());
    }

    /** The highest level of the resolved files (without any: the uniform level or the fallback). */
    public int highest() {
        return resolved.values().stream().mapToInt(JavaLevel::feature).max().orElse(fallback.feature());
    }

    /** The levels of the resolved files with their origin, lowest first (without any: the one level there is). */
    public List<Use> uses() {
        if (resolved.isEmpty()) {
            return List.of(new Use(fallback, 0));
        }
        Map<JavaLevel, Integer> counts = new LinkedHashMap<>();
        resolved.values().forEach(level -> counts.merge(level, 1, Integer::sum));
        List<Use> uses = new ArrayList<>();
        counts.forEach((level, count) -> uses.add(new Use(level, count)));
        uses.sort(Comparator.comparingInt((Use u) -> u.level().feature()).thenComparing(u -> u.level().source()));
        return List.copyOf(uses);
    }

    /** One line per level in use: {@code Java 6 (3 files) from pom.xml at ... (maven.compiler.source = 1.6)}. */
    public List<String> describe() {
        return uses().stream().map(use -> "Java " + use.level().feature()
                + (use.files() == 0 ? "" : " (" + use.files() + (use.files() == 1 ? " file" : " files") + ")")
                + " from " + use.level().source()).toList();
    }

    /** The level declared in {@code dir} or the nearest directory above it, remembered per directory. */
    private Optional<JavaLevel> declared(Path dir) {
        Optional<JavaLevel> known = byDirectory.get(dir);
        if (known != null) {
            return known;
        }
        JavaLevel here = JavaLevel.inDirectory(dir);
        Optional<JavaLevel> level = here != null ? Optional.of(here)
                : JavaLevel.isTop(dir) || dir.getParent() == null ? Optional.empty() : declared(dir.getParent());
        byDirectory.put(dir, level);
        return level;
    }
}
