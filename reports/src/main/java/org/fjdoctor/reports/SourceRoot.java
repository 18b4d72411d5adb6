package org.fjdoctor.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.analyzer.source.SlashPath;


/**
 * The directory report paths are relative to ({@code %SRCROOT%} in SARIF): the top of the git work
 * tree holding the scanned paths, else the deepest directory holding all of them. Code-scanning
 * services and review bots resolve paths against the repository root, wherever the scan ran and
 * however its paths were written.
 */
public final class SourceRoot {

    private final Path root;
    private final Path realRoot;

    private SourceRoot(Path root) {
        this.root = root;
        this.realRoot = real(root);
    }

    public static SourceRoot of(List<Path> scanned) {
        Path common = null;
        for (Path path : scanned) {
            Path absolute = path.toAbsolutePath().normalize();
            Path directory = Files.isDirectory(absolute) ? absolute : absolute.getParent();
            common = common == null ? directory : commonAncestor(common, directory);
        }
        if (common == null) {
            common = Path.of("").toAbsolutePath();
        }
        Path scanRoot = common;
        return new SourceRoot(Git.topLevel(scanRoot).map(top -> top.toAbsolutePath().normalize()).orElse(scanRoot));
    }

    public Path path() {
        return root;
    }

    /** {@code file} below the root, with {@code /}; empty when it is not below it (even through symlinks). */
    public Optional<String> relativize(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        if (absolute.startsWith(root)) {
            return Optional.of(slashes(root.relativize(absolute)));
        }
        // git reports its top level with symlinks resolved (/tmp -> /private/tmp on macOS).
        Path real = real(absolute);
        return real.startsWith(realRoot) ? Optional.of(slashes(realRoot.relativize(real))) : Optional.empty();
    }

    private static String slashes(Path relative) {
        return SlashPath.of(relative);
    }

    private static Path commonAncestor(Path a, Path b) {
        Path common = a;
        while (common != null && !b.startsWith(common)) {
            common = common.getParent();
        }
        return common == null ? a.getRoot() : common;
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException | RuntimeException e) {
            return path;
        }
    }
}
