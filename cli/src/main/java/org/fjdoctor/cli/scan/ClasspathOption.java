package org.fjdoctor.cli.scan;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.ClasspathEntries;

/** The classpath that {@code --classpath} and {@code --maven} ask for, as every analysing command resolves it. */
public final class ClasspathOption {

    private ClasspathOption() {
    }

    /**
     * @param classpath the {@code --classpath} values, each a path-separator list
     * @param maven     whether to add the Maven project's classpath of each root
     * @param warn      told in one line about each entry that is skipped (not fatal): one that does not exist,
     *                  a FIFO or device (never opened), a corrupt jar
     * @return the usable entries, absolute, in order, without duplicates
     */
    public static List<Path> resolve(List<String> classpath, boolean maven, List<Path> roots, Consumer<String> warn,
                                     Analyzer.Progress progress) {
        Set<Path> entries = new LinkedHashSet<>();
        for (String part : classpath) {
            for (String entry : part.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    entries.add(Path.of(entry.trim()));
                }
            }
        }
        if (maven) {
            entries.addAll(new MavenClasspath(MavenClasspath.DEFAULT_TIMEOUT, warn, progress::phase).resolve(roots));
        }
        List<Path> existing = new ArrayList<>();
        for (Path entry : entries) {
            if (Files.exists(entry)) {
                existing.add(entry.toAbsolutePath());
            } else {
                warn.accept("classpath entry " + entry + " does not exist; skipped");
            }
        }
        return ClasspathEntries.usable(existing, warn);
    }
}
