package org.fjdoctor.cli.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesRegistrationOptions;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.FileSystemWatcher;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Registration;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.engine.Engine;

/**
 * fjdoctor's language server: the workspace folders are analysed by a warm engine ({@link Workspace});
 * documents ({@link Documents}) give diagnostics, quick fixes and hovers; the settings file is watched.
 */
public final class FjdoctorLanguageServer implements LanguageServer, LanguageClientAware {

    /** Opens the warm engine on the workspace's folders, with the settings resolved as the CLI resolves them. */
    @FunctionalInterface
    public interface EngineFactory {
        Engine open(List<Path> roots, Analyzer.Progress progress) throws Exception;
    }

    static final String SETTINGS_FILE = ".fjdoctor.yml";

    private final EngineFactory factory;
    private final String version;
    private final CompletableFuture<Void> exited = new CompletableFuture<>();
    private LanguageClient client;
    private List<Path> roots = List.of();
    private ClientCapabilities capabilities = new ClientCapabilities();
    private Workspace workspace;
    private boolean shutdown;
    private final Documents documents = new Documents(() -> workspace);
    private final WorkspaceEvents workspaceEvents = new WorkspaceEvents();

    public FjdoctorLanguageServer(EngineFactory factory, String version) {
        this.factory = factory;
        this.version = version;
    }

    @Override
    public void connect(LanguageClient languageClient) {
        this.client = languageClient;
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        roots = roots(params);
        if (params.getCapabilities() != null) {
            capabilities = params.getCapabilities();
        }
        ServerCapabilities server = new ServerCapabilities();
        TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
        sync.setOpenClose(true);
        sync.setChange(TextDocumentSyncKind.Full);
        sync.setSave(new SaveOptions(false));
        server.setTextDocumentSync(sync);
        server.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
        server.setHoverProvider(true);
        return CompletableFuture.completedFuture(new InitializeResult(server, new ServerInfo("fjdoctor", version)));
    }

    @Override
    public void initialized(InitializedParams params) {
        watchFiles();
        boolean progress = capabilities.getWindow() != null
                && Boolean.TRUE.equals(capabilities.getWindow().getWorkDoneProgress());
        workspace = new Workspace(client, engineProgress -> factory.open(roots, engineProgress), progress);
        workspace.open();
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdown = true;
        if (workspace != null) {
            workspace.close();
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        exited.complete(null);
    }

    /** Completes when the client sends {@code exit}. */
    public CompletableFuture<Void> exited() {
        return exited;
    }

    /** Whether {@code shutdown} came before {@code exit}, as the protocol asks (the exit code says it). */
    public boolean shutDownCleanly() {
        return shutdown;
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documents;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspaceEvents;
    }

    /** The workspace folders, else the root URI, else the working directory. */
    private static List<Path> roots(InitializeParams params) {
        List<Path> roots = new ArrayList<>();
        if (params.getWorkspaceFolders() != null) {
            for (WorkspaceFolder folder : params.getWorkspaceFolders()) {
                roots.add(Positions.path(folder.getUri()));
            }
        }
        if (roots.isEmpty() && params.getRootUri() != null) {
            roots.add(Positions.path(params.getRootUri()));
        }
        if (roots.isEmpty()) {
            roots.add(Path.of("").toAbsolutePath());
        }
        return List.copyOf(roots);
    }

    /** Asks the client to report changes of Java files and of the settings file made outside the editor. */
    private void watchFiles() {
        var workspaceCapabilities = capabilities.getWorkspace();
        if (workspaceCapabilities == null || workspaceCapabilities.getDidChangeWatchedFiles() == null
                || !Boolean.TRUE.equals(workspaceCapabilities.getDidChangeWatchedFiles().getDynamicRegistration())) {
            return;
        }
        Function<String, FileSystemWatcher> watcher = glob -> new FileSystemWatcher(Either.forLeft(glob));
        var options = new DidChangeWatchedFilesRegistrationOptions(
                List.of(watcher.apply("**/*.java"), watcher.apply("**/" + SETTINGS_FILE)));
        client.registerCapability(new RegistrationParams(List.of(
                new Registration("fjdoctor-files", "workspace/didChangeWatchedFiles", options))));
    }

    static boolean isSettingsFile(Path file) {
        return file.getFileName() != null && file.getFileName().toString().equals(SETTINGS_FILE);
    }

    /** Files changed outside the editor; a changed settings file opens the engine again on the new settings. */
    private final class WorkspaceEvents implements WorkspaceService {
        @Override
        public void didChangeConfiguration(DidChangeConfigurationParams params) {
            // fjdoctor's settings live in .fjdoctor.yml and the build files, not in the editor.
        }

        @Override
        public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
            if (workspace == null) {
                return;
            }
            boolean settings = false;
            for (FileEvent event : params.getChanges()) {
                Path file = Positions.path(event.getUri());
                if (isSettingsFile(file)) {
                    settings = true;
                } else if (file.toString().endsWith(".java")) {
                    workspace.changedOnDisk(file);
                }
            }
            if (settings) {
                workspace.reopen();
            }
        }
    }
}
