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

    /**
     * A task whose call chain runs through three other files to a sleep ({@code app.Throttle.pause()}, public
     * for other packages to call), and six report classes in {@code app.report} that no task reaches.
     */
    public static void writeCrawlerAndSixReports(Path root) {
        write(root, "app/Crawl.java", """
                package app;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    @Override protected void compute() { Pages.visit(1); }
                }
                """);
        write(root, "app/Pages.java", """
                package app;
                class Pages { static void visit(int page) { Links.follow(page); } }
                """);
        write(root, "app/Links.java", """
                package app;
                class Links { static void follow(int page) { Throttle.pause(); } }
                """);
        write(root, "app/Throttle.java", """
                package app;
                public class Throttle {
                    public static void pause() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        for (int i = 0; i < 6; i++) {
            write(root, "app/report/Report" + i + ".java", """
                    package app.report;
                    class Report%d { synchronized String line(Object o) { return String.valueOf(o); } }
                    """.formatted(i));
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
