package org.fjdoctor.analyzer.source;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Objects;

/**
 * Paths left out of a scan: globs ({@code generated/**}, {@code **}{@code /Legacy*.java}) matched against a
 * path below {@code base}, written with {@code /}. A directory that matches is skipped with all it
 * holds; paths outside {@code base} never match.
 */
public final class Exclusions {

    public static final Exclusions NONE = new Exclusions(null, List.of());

    private final Path base;
    private final List<String> globs;
    private final List<PathMatcher> matchers;

    private Exclusions(Path base, List<String> globs) {
        this.base = base;
        this.globs = List.copyOf(globs);
        this.matchers = globs.stream().map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob)).toList();
    }

    /**
     * @throws IllegalArgumentException naming the first glob that is not valid
     */
    public static Exclusions of(Path base, List<String> globs) {
        for (String glob : globs) {
            try {
                FileSystems.getDefault().getPathMatcher("glob:" + glob);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + glob + "' is not a valid glob (" + e.getMessage() + ")");
            }
        }
        return new Exclusions(base.toAbsolutePath().normalize(), globs);
    }

    public List<String> globs() {
        return globs;
    }

    /** Equal when they leave out the same paths: a warm engine compares settings read again with its own. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Exclusions that && Objects.equals(base, that.base) && globs.equals(that.globs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(base, globs);
    }

    /** Whether {@code path} (absolute or relative to the working directory) is excluded. */
    public boolean excludes(Path path) {
        if (matchers.isEmpty()) {
            return false;
        }
        Path absolute = path.toAbsolutePath().normalize();
        if (!absolute.startsWith(base) || absolute.equals(base)) {
            return false;
        }
        Path below = base.relativize(absolute);
        return matchers.stream().anyMatch(m -> m.matches(below));
    }

    @Override
    public String toString() {
        return globs.isEmpty() ? "no exclusions" : "exclude " + globs + " below " + base;
    }
}
