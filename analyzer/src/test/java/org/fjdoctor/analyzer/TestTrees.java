package org.fjdoctor.analyzer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.source.SourceSet;

/** Writes small source trees for tests and scans them. */
public final class TestTrees {

    private TestTrees() {
    }

    /** Writes {@code text} to {@code root/relative}, creating directories. */
    public static Path write(Path root, String relative, String text) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A named pipe at {@code path} (with {@code mkfifo}), which blocks whoever opens it with no writer. */
    public static Path mkfifo(Path path) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        if (process.waitFor() != 0 || !Files.exists(path) || Files.isRegularFile(path)) {
            throw new IOException("mkfifo " + path + " failed");
        }
        return path;
    }

    public static ScanResult scan(Path root, Analyzer.Mode mode) {
        try {
            return new Analyzer().scan(SourceSet.of(List.of(root)), Analyzer.Options.defaults().withMode(mode));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
