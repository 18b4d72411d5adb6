package org.fjdoctor.cli.scan.cache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Where a scan keeps its cache when {@code --cache-dir} does not say. */
public final class ScanCacheLocation {

    /** fjdoctor's folder in a project; the cache is its {@code cache} folder. */
    public static final String FOLDER = ".fjdoctor";

    private ScanCacheLocation() {
    }

    /**
     * {@code .fjdoctor/cache} under the one directory scanned; empty otherwise (files, or several paths):
     * a scan writes nothing outside the paths it was given, so a cache elsewhere takes {@code --cache-dir}.
     */
    public static Optional<Path> defaultFor(List<Path> paths) {
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            return Optional.of(paths.get(0).resolve(FOLDER).resolve("cache"));
        }
        return Optional.empty();
    }
}
