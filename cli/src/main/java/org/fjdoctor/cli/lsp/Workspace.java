package org.fjdoctor.cli.lsp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.services.LanguageClient;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.engine.Engine;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * The warm engine behind the server. It is opened, updated and published on one thread of its own, so
 * requests never wait for a model build: edits that arrive while one runs are taken together in the next
 * update. Requests read the last published analysis, and only for a file whose analysed text is the
 * client's (otherwise offsets would point into another text).
 */
final class Workspace implements AutoCloseable {

    /** Resolves the settings as the CLI does and opens the engine on them. */
    @FunctionalInterface
    interface Opener {
        Engine open(Analyzer.Progress progress) throws Exception;
    }

    private final LanguageClient client;
    private final Opener opener;
    private final boolean progressShown;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fjdoctor-lsp-analysis");
        thread.setDaemon(true);
        return thread;
    });
    /** The texts of the documents open in the client. */
    private final Map<Path, String> buffers = new ConcurrentHashMap<>();
    private final Map<Path, Engine.Change> pending = new LinkedHashMap<>();
    private boolean drainScheduled;
    /** Touched on the worker thread only. */
    private Engine engine;
    private Map<Path, List<Diagnostic>> published = new HashMap<>();
    /** The last analysis published and its texts by path, set together. */
    private volatile Published current;

    private record Published(Analyzer.Analysis analysis, Map<Path, SourceFile> files) {
    }

    Workspace(LanguageClient client, Opener opener, boolean progressShown) {
        this.client = client;
        this.opener = opener;
        this.progressShown = progressShown;
    }

    /** Builds the first model (in the background) and publishes its findings. */
    void open() {
        worker.execute(this::openEngine);
    }

    /** Opens the engine again: the settings file changed. */
    void reopen() {
        worker.execute(() -> {
            closeEngine();
            openEngine();
        });
    }

    void edited(Path file, String text) {
        buffers.put(file, text);
        enqueue(Engine.Change.edited(file, text));
    }

    /** The client saved the document: the disk holds its text now. */
    void saved(Path file) {
        enqueue(Engine.Change.onDisk(file));
    }

    void closed(Path file) {
        buffers.remove(file);
        enqueue(Engine.Change.onDisk(file));
    }

    /** A file changed on disk; a document open in the client stays what the client says it is. */
    void changedOnDisk(Path file) {
        if (!buffers.containsKey(file)) {
            enqueue(Engine.Change.onDisk(file));
        }
    }

    /**
     * The last analysis, if it analysed the text the client has of {@code file}; waits up to {@code patience}
     * for an update under way (a request right after an edit is about the edited text).
     */
    Optional<Analyzer.Analysis> analysisOf(Path file, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        synchronized (this) {
            while (true) {
                Published published = current;
                SourceFile analysed = published == null ? null : published.files().get(file);
                String buffer = buffers.get(file);
                if (analysed != null && !pending.containsKey(file) && (buffer == null || buffer.equals(analysed.text()))) {
                    return Optional.of(published.analysis());
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Optional.empty();
                }
                try {
                    wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.empty();
                }
            }
        }
    }

    /** The analysed text of {@code file} in the last analysis. */
    SourceFile analysed(Path file) {
        Published published = current;
        return published == null ? null : published.files().get(file);
    }

    /** The findings of {@code analysis} in {@code file} that touch the offsets {@code start} to {@code end}. */
    static List<Finding> findingsAt(Analyzer.Analysis analysis, Path file, int start, int end) {
        return analysis.result().findings().stream()
                .filter(f -> f.location().file().equals(file))
                .filter(f -> f.location().startOffset() <= end && start <= f.location().endOffset())
                .toList();
    }

    static Map<Path, SourceFile> byPath(List<SourceFile> files) {
        Map<Path, SourceFile> byPath = new HashMap<>();
        files.forEach(file -> byPath.put(file.path(), file));
        return byPath;
    }

    private synchronized void enqueue(Engine.Change change) {
        pending.put(change.file(), change);
        if (!drainScheduled) {
            drainScheduled = true;
            worker.execute(this::drain);
        }
    }

    private void drain() {
        List<Engine.Change> batch;
        synchronized (this) {
            batch = new ArrayList<>(pending.values());
            pending.clear();
            drainScheduled = false;
        }
        if (engine == null) {
            return; // not open (it failed): buffers go in when it opens, the disk is read then
        }
        try {
            engine.update(batch);
            publish();
        } catch (Throwable thrown) {
            Failures.rethrowUnrecoverable(thrown);
            message(MessageType.Error, "fjdoctor could not update its analysis: " + Failures.describe(thrown)
                    + ". The diagnostics shown are from before the last edit.");
        }
    }

    private void openEngine() {
        WorkProgress progress = WorkProgress.begin(client, progressShown, "fjdoctor: building the model");
        try {
            engine = opener.open(progress::report);
            List<Engine.Change> open = buffers.entrySet().stream()
                    .map(e -> Engine.Change.edited(e.getKey(), e.getValue())).toList();
            if (!open.isEmpty()) {
                engine.update(open);
            }
            publish();
            progress.end(current.analysis().result().findings().size() + " findings in "
                    + current.analysis().result().files() + " files");
        } catch (Throwable thrown) {
            Failures.rethrowUnrecoverable(thrown);
            closeEngine();
            // Diagnostics of an earlier analysis would say nothing about the project as it is now.
            published.keySet().forEach(file -> client.publishDiagnostics(
                    new PublishDiagnosticsParams(Positions.uri(file), List.of())));
            published = new HashMap<>();
            progress.end("failed");
            message(MessageType.Error, "fjdoctor cannot analyse this project: " + Failures.describe(thrown)
                    + ". No fjdoctor diagnostics until that is fixed (a change of .fjdoctor.yml tries again).");
        }
    }

    /** Publishes the diagnostics of each file whose findings changed, and clears those of files that have none now. */
    private void publish() {
        Analyzer.Analysis analysis = engine.analysis();
        Map<Path, SourceFile> files = byPath(analysis.files());
        Map<Path, List<Diagnostic>> byFile = new LinkedHashMap<>();
        for (Finding finding : analysis.result().findings()) {
            byFile.computeIfAbsent(finding.location().file(), k -> new ArrayList<>()).add(Diagnostics.of(finding, files));
        }
        current = new Published(analysis, files);
        for (Path file : published.keySet()) {
            if (!byFile.containsKey(file)) {
                client.publishDiagnostics(new PublishDiagnosticsParams(Positions.uri(file), List.of()));
            }
        }
        byFile.forEach((file, diagnostics) -> {
            if (!diagnostics.equals(published.get(file))) {
                client.publishDiagnostics(new PublishDiagnosticsParams(Positions.uri(file), diagnostics));
            }
        });
        published = byFile;
        synchronized (this) {
            notifyAll(); // requests waiting for this text
        }
    }

    private void message(MessageType type, String text) {
        client.showMessage(new MessageParams(type, text));
    }

    private void closeEngine() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
        current = null;
    }

    @Override
    public void close() {
        worker.execute(this::closeEngine);
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
