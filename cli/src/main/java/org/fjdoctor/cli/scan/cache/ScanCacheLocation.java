package org.fjdoctor.cli.scan.cache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.reports.Git;

/** Where a scan keeps its cache when {@code --cache-dir} does not say. */
public final class ScanCacheLocation {

    /** fjdoctor's folder in a project; the cache is its {@code cache} folder. */
    public static final String FOLDER = ".fjdoctor";

    private ScanCacheLocation() {
    }

    /**
     * {@code .fjdoctor/cache} at the top of the git work tree that holds all of {@code paths}, else under the
     * one directory scanned; empty when neither (files or directories in several places): the cache is
     * never written outside what the scan was given.
     */
    public static Optional<Path> defaultFor(List<Path> paths) {
        Optional<Path> top = Optional.empty();
        for (Path path : paths) {
            Path absolute = path.toAbsolutePath().normalize();
            Optional<Path> its = Git.topLevel(Files.isDirectory(absolute) ? absolute : absolute.getParent());
            if (its.isEmpty() || top.isPresent() && !top.equals(its)) {
                top = Optional.empty();
                break;
            }
            top = its;
        }
        if (top.isPresent()) {
            return Optional.of(top.get().resolve(FOLDER).resolve("cache"));
        }
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            return Optional.of(paths.get(0).resolve(FOLDER).resolve("cache"));
        }
        return Optional.empty();
    }
}
