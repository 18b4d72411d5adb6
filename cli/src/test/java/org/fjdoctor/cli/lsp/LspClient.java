package org.fjdoctor.cli.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * LSP4J's client side, connected to {@link LspCommand#serve} through pipes as an editor is through stdio:
 * it records what the server sends (diagnostics, messages, progress) for tests to wait on.
 */
final class LspClient implements LanguageClient, AutoCloseable {

    final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
    final List<MessageParams> messages = new CopyOnWriteArrayList<>();
    final List<ProgressParams> progress = new CopyOnWriteArrayList<>();
    final List<RegistrationParams> registrations = new CopyOnWriteArrayList<>();
    final LanguageServer server;
    final CompletableFuture<Integer> exitCode;

    LspClient(FjdoctorLanguageServer.EngineFactory factory) {
        try {
            // NIO pipes: java.io's piped streams break once a thread that wrote to them ends, and LSP4J
            // writes from pooled threads.
            Pipe clientToServer = Pipe.open();
            Pipe serverToClient = Pipe.open();
            InputStream serverIn = Channels.newInputStream(clientToServer.source());
            OutputStream toServer = Channels.newOutputStream(clientToServer.sink());
            InputStream clientIn = Channels.newInputStream(serverToClient.source());
            OutputStream toClient = Channels.newOutputStream(serverToClient.sink());
            exitCode = CompletableFuture.supplyAsync(() -> {
                try {
                    return LspCommand.serve(serverIn, toClient, factory);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(this, clientIn, toServer);
            launcher.startListening();
            server = launcher.getRemoteProxy();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next diagnostics published for {@code file} that satisfy {@code wanted}; earlier ones are skipped. */
    PublishDiagnosticsParams awaitDiagnostics(Path file, Predicate<PublishDiagnosticsParams> wanted, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String uri = Positions.uri(file);
        while (System.nanoTime() < deadline) {
            PublishDiagnosticsParams next = diagnostics.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (next != null && next.getUri().equals(uri) && wanted.test(next)) {
                return next;
            }
        }
        throw new AssertionError("no such diagnostics for " + uri + " in " + timeout + "; messages: " + messages);
    }

    @Override
    public void telemetryEvent(Object object) {
    }

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams params) {
        diagnostics.add(params);
    }

    @Override
    public void showMessage(MessageParams message) {
        messages.add(message);
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams request) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams message) {
    }

    @Override
    public CompletableFuture<Void> createProgress(WorkDoneProgressCreateParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void notifyProgress(ProgressParams params) {
        progress.add(params);
    }

    @Override
    public CompletableFuture<Void> registerCapability(RegistrationParams params) {
        registrations.add(params);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<ApplyWorkspaceEditResponse> applyEdit(ApplyWorkspaceEditParams params) {
        return CompletableFuture.completedFuture(new ApplyWorkspaceEditResponse(false));
    }

    @Override
    public void close() throws Exception {
        server.shutdown().get(30, TimeUnit.SECONDS);
        server.exit();
    }
}
