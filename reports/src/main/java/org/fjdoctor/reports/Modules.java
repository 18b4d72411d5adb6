package org.fjdoctor.reports;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The module a file belongs to, for the HTML report's summary: the nearest directory with a
 * {@code pom.xml} between the file and the source root (a Maven module), else the top-level directory
 * below the root. Named by its path below the root; {@code .} is the root itself.
 */
final class Modules {

    static final String ROOT = ".";

    private final SourceRoot root;
    private final Map<Path, String> byDirectory = new HashMap<>();

    Modules(SourceRoot root) {
        this.root = root;
    }

    String of(Path file) {
        Path directory = file.toAbsolutePath().normalize().getParent();
        return directory == null ? ROOT : byDirectory.computeIfAbsent(directory, this::moduleOf);
    }

    private String moduleOf(Path directory) {
        String relative = root.relativize(directory).orElse(null);
        if (relative == null) {
            return ROOT;
        }
        for (Path dir = directory; dir != null; dir = dir.getParent()) {
            String below = root.relativize(dir).orElse(null);
            if (below == null) {
                break;
            }
            if (Files.isRegularFile(dir.resolve("pom.xml"))) {
                return below.isEmpty() ? ROOT : below;
            }
            if (below.isEmpty()) {
                break;
            }
        }
        int slash = relative.indexOf('/');
        return relative.isEmpty() ? ROOT : slash < 0 ? relative : relative.substring(0, slash);
    }
}
