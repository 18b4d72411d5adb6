package org.fjdoctor.cli.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesCapabilities;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.fjdoctor.cli.docs.RulePages;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * The language server driven as an editor drives it, by LSP4J's client over a pipe: diagnostics on open,
 * a SAFE quick fix applied to the unsaved buffer makes its diagnostic go, and a project that cannot be
 * analysed gets a message rather than a crash.
 */
class LanguageServerTest {

    private static final Duration WAIT = Duration.ofSeconds(90);

    /**
     * One fork-then-join finding (line 29), whose SAFE fix invokes the task in place; bench/nvim-lsp-check.sh
     * gives Neovim the same file.
     */
    private static final String SUM = resource("Sum.java.txt");

    @TempDir
    Path root;

    private String home;

    @BeforeEach
    void ruleDocsOfThisCheckout() {
        home = System.getProperty(RulePages.HOME_PROPERTY);
        System.setProperty(RulePages.HOME_PROPERTY, Path.of("..").toAbsolutePath().normalize().toString());
    }

    @AfterEach
    void restoreHome() {
        if (home == null) {
            System.clearProperty(RulePages.HOME_PROPERTY);
        } else {
            System.setProperty(RulePages.HOME_PROPERTY, home);
        }
    }

    @Test
    void openDiagnoseFixInTheBufferAndTheDiagnosticGoes() throws Exception {
        Path sum = write("src/demo/Sum.java", SUM);
        try (LspClient client = new LspClient(cliFactory())) {
            initialize(client);
            Diagnostic forkThenJoin = client.awaitDiagnostics(sum, p -> !p.getDiagnostics().isEmpty(), WAIT)
                    .getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("fork-then-join")).findFirst()
                    .orElseThrow();
            assertEquals(28, forkThenJoin.getRange().getStart().getLine());
            assertEquals("fjdoctor", forkThenJoin.getSource());
            assertTrue(forkThenJoin.getCodeDescription().getHref().endsWith("/docs/rules/fork-then-join.md"),
                    forkThenJoin.getCodeDescription().getHref());
            assertTrue(forkThenJoin.getRelatedInformation().stream().anyMatch(r -> r.getMessage().contains("joined here")),
                    forkThenJoin.getRelatedInformation().toString());
            assertTrue(client.progress.stream().anyMatch(p -> p.getValue().getLeft() instanceof WorkDoneProgressBegin begin
                    && begin.getTitle().equals("fjdoctor: building the model")), client.progress.toString());
            assertTrue(client.progress.stream().anyMatch(p -> p.getValue().getLeft() instanceof WorkDoneProgressReport report
                    && report.getMessage().startsWith("building the model of")), client.progress.toString());

            String uri = Positions.uri(sum);
            client.server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                    new TextDocumentItem(uri, "java", 1, SUM)));
            Hover hover = client.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
                    forkThenJoin.getRange().getStart())).get(30, TimeUnit.SECONDS);
            assertNotNull(hover, "a hover over the finding");
            assertTrue(hover.getContents().getRight().getValue().contains("Forking pushes the task onto the worker's deque"),
                    hover.getContents().getRight().getValue());

            List<CodeAction> actions = codeActions(client, uri, forkThenJoin);
            assertEquals(List.of("SAFE: ", "Suppress with @SuppressWarnings(\"fjdoctor:fork-then-join\")"),
                    actions.stream().map(a -> a.getTitle().startsWith("SAFE: ") ? "SAFE: " : a.getTitle()).toList());
            assertEquals(List.of(forkThenJoin), actions.get(0).getDiagnostics());
            String fixed = apply(SUM, actions.get(0).getEdit().getChanges().get(uri));
            assertTrue(fixed.contains("long rightSum = right.invoke();") && !fixed.contains("right.fork();"), fixed);

            client.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, 2), List.of(new TextDocumentContentChangeEvent(fixed))));
            client.awaitDiagnostics(sum, p -> p.getDiagnostics().stream()
                    .noneMatch(d -> d.getCode().getLeft().equals("fork-then-join")), WAIT);
            assertEquals(SUM, Files.readString(sum), "the unsaved buffer was analysed; the file is untouched");

            String suppressed = apply(SUM, actions.get(1).getEdit().getChanges().get(uri));
            assertTrue(suppressed.contains("    @SuppressWarnings(\"fjdoctor:fork-then-join\")\n    @Override\n"
                    + "    protected Long compute() {"), suppressed);
        }
    }

    @Test
    void aCodeActionAskedRightAfterAnEditAnswersAboutTheEditedText() throws Exception {
        Path sum = write("src/demo/Sum.java", SUM);
        try (LspClient client = new LspClient(cliFactory())) {
            initialize(client);
            Diagnostic before = client.awaitDiagnostics(sum, p -> !p.getDiagnostics().isEmpty(), WAIT).getDiagnostics()
                    .stream().filter(d -> d.getCode().getLeft().equals("fork-then-join")).findFirst().orElseThrow();
            String uri = Positions.uri(sum);
            client.server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                    new TextDocumentItem(uri, "java", 1, SUM)));
            String shifted = "// one line more\n" + SUM;
            client.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, 2), List.of(new TextDocumentContentChangeEvent(shifted))));
            Diagnostic moved = new Diagnostic(new org.eclipse.lsp4j.Range(
                    new org.eclipse.lsp4j.Position(before.getRange().getStart().getLine() + 1, 8),
                    new org.eclipse.lsp4j.Position(before.getRange().getEnd().getLine() + 1, 20)), before.getMessage());

            List<CodeAction> actions = codeActions(client, uri, moved);
            CodeAction safe = actions.stream().filter(a -> a.getTitle().startsWith("SAFE: ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no SAFE fix for the edited text: " + actions));
            String fixed = apply(shifted, safe.getEdit().getChanges().get(uri));
            assertTrue(fixed.startsWith("// one line more\n") && fixed.contains("long rightSum = right.invoke();"), fixed);
        }
    }

    @Test
    void aProjectThatCannotBeAnalysedGetsAMessageAndRecoversWhenTheSettingsAreFixed() throws Exception {
        Path sum = write("src/demo/Sum.java", SUM);
        Path settings = write(".fjdoctor.yml", "rules: [not a map\n");
        try (LspClient client = new LspClient(cliFactory())) {
            initialize(client);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (client.messages.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(MessageType.Error, client.messages.get(0).getType(), client.messages.toString());
            assertTrue(client.messages.get(0).getMessage().startsWith("fjdoctor cannot analyse this project: "),
                    client.messages.get(0).getMessage());
            assertTrue(client.registrations.get(0).getRegistrations().get(0).getRegisterOptions().toString()
                    .contains(".fjdoctor.yml"), "the settings file is watched");

            Files.writeString(settings, "rules: {sleepy-worker: off}\n");
            client.server.getWorkspaceService().didChangeWatchedFiles(new DidChangeWatchedFilesParams(
                    List.of(new FileEvent(Positions.uri(settings), FileChangeType.Changed))));
            client.awaitDiagnostics(sum, p -> p.getDiagnostics().stream()
                    .anyMatch(d -> d.getCode().getLeft().equals("fork-then-join")), WAIT);
        }
    }

    @Test
    void exitAfterShutdownEndsTheServerWithExitCodeZero() throws Exception {
        write("src/demo/Sum.java", SUM);
        LspClient client = new LspClient(cliFactory());
        initialize(client);
        client.close();
        assertEquals(0, client.exitCode.get(30, TimeUnit.SECONDS));
    }

    /** The factory {@code fjdoctor lsp} runs with when given no options. */
    private static FjdoctorLanguageServer.EngineFactory cliFactory() {
        LspCommand command = new LspCommand();
        new CommandLine(command).parseArgs("--quiet");
        return LspCommand.factory(command.analysis);
    }

    private void initialize(LspClient client) throws Exception {
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(Positions.uri(root), "project")));
        ClientCapabilities capabilities = new ClientCapabilities();
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        capabilities.setWindow(window);
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setDidChangeWatchedFiles(new DidChangeWatchedFilesCapabilities(true));
        capabilities.setWorkspace(workspace);
        params.setCapabilities(capabilities);
        client.server.initialize(params).get(30, TimeUnit.SECONDS);
        client.server.initialized(new InitializedParams());
    }

    private static List<CodeAction> codeActions(LspClient client, String uri, Diagnostic diagnostic) throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(uri), diagnostic.getRange(),
                new CodeActionContext(List.of(diagnostic)));
        return client.server.getTextDocumentService().codeAction(params).get(60, TimeUnit.SECONDS).stream()
                .map(Either::getRight).toList();
    }

    /** Applies LSP text edits as an editor does: each range in the original text, from the last to the first. */
    private static String apply(String text, List<TextEdit> edits) {
        StringBuilder result = new StringBuilder(text);
        List<TextEdit> backwards = edits.stream().sorted(Comparator.comparing((TextEdit e) -> e.getRange().getStart().getLine())
                .thenComparing(e -> e.getRange().getStart().getCharacter()).reversed()).toList();
        for (TextEdit edit : backwards) {
            result.replace(offset(text, edit.getRange().getStart()), offset(text, edit.getRange().getEnd()), edit.getNewText());
        }
        return result.toString();
    }

    private static int offset(String text, org.eclipse.lsp4j.Position position) {
        int offset = 0;
        for (int line = 0; line < position.getLine(); line++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        return offset + position.getCharacter();
    }

    private static String resource(String name) {
        try (InputStream in = LanguageServerTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
