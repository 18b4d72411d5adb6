package org.fjdoctor.analyzer.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.ZipFile;

/**
 * Checks classpath entries before the compiler sees them: only directories and jars that open as zip
 * archives are kept. A FIFO or device is never opened (reading one blocks or never ends), and a corrupt jar
 * is one warning line instead of the compiler's stack trace.
 */
public final class ClasspathEntries {

    private ClasspathEntries() {
    }

    /**
     * The usable entries of {@code entries}, in order; each one left out is told to {@code warn} in one line
     * ({@code classpath: skipped corrupt jar X: reason}).
     */
    public static List<Path> usable(List<Path> entries, Consumer<String> warn) {
        List<Path> usable = new ArrayList<>();
        for (Path entry : entries) {
            String problem = problem(entry);
            if (problem == null) {
                usable.add(entry);
            } else {
                warn.accept("classpath: skipped " + problem);
            }
        }
        return usable;
    }

    /** Why {@code entry} cannot be used, or null when it can. */
    private static String problem(Path entry) {
        if (Files.isDirectory(entry)) {
            return null;
        }
        if (!Files.exists(entry)) {
            return entry + ": it does not exist";
        }
        if (!Files.isRegularFile(entry)) {
            return entry + ": not a jar or directory (a device, pipe or socket)";
        }
        try (ZipFile jar = new ZipFile(entry.toFile())) {
            return null;
        } catch (IOException | RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return "corrupt jar " + entry + ": " + reason;
        }
    }
}
