package org.fjdoctor.cli.lsp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.source.SourceFile;

import com.google.gson.JsonPrimitive;

/** The documents the client has open: their edits go to the workspace; code actions and hovers come from it. */
final class Documents implements TextDocumentService {

    /** How long a request waits for an update under way before it answers from nothing. */
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final Supplier<Workspace> workspace;

    Documents(Supplier<Workspace> workspace) {
        this.workspace = workspace;
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        ifOpen(w -> w.edited(Positions.path(params.getTextDocument().getUri()), params.getTextDocument().getText()));
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        if (params.getContentChanges().isEmpty()) {
            return;
        }
        // Full synchronization: the last change holds the whole text.
        String text = params.getContentChanges().get(params.getContentChanges().size() - 1).getText();
        ifOpen(w -> w.edited(Positions.path(params.getTextDocument().getUri()), text));
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        Path file = Positions.path(params.getTextDocument().getUri());
        ifOpen(w -> {
            if (FjdoctorLanguageServer.isSettingsFile(file)) {
                w.reopen();
            } else {
                w.saved(file);
            }
        });
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        ifOpen(w -> w.closed(Positions.path(params.getTextDocument().getUri())));
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        return CompletableFutures.computeAsync(cancel -> {
            Path file = Positions.path(params.getTextDocument().getUri());
            Optional<Analyzer.Analysis> analysis = analysisOf(file);
            if (analysis.isEmpty()) {
                return List.of();
            }
            SourceFile text = workspace.get().analysed(file);
            Set<Finding> findings = new LinkedHashSet<>(Workspace.findingsAt(analysis.get(), file,
                    Positions.offset(text, params.getRange().getStart()), Positions.offset(text, params.getRange().getEnd())));
            Map<String, Diagnostic> diagnostics = new HashMap<>();
            for (Diagnostic diagnostic : params.getContext().getDiagnostics()) {
                fingerprint(diagnostic).ifPresent(fingerprint -> diagnostics.put(fingerprint, diagnostic));
            }
            analysis.get().result().findings().stream()
                    .filter(f -> f.location().file().equals(file) && diagnostics.containsKey(f.fingerprint()))
                    .forEach(findings::add);
            cancel.checkCanceled();
            List<Either<Command, CodeAction>> actions = new ArrayList<>();
            CodeActions.of(analysis.get(), List.copyOf(findings), diagnostics).forEach(a -> actions.add(Either.forRight(a)));
            return actions;
        });
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        return CompletableFutures.computeAsync(cancel -> {
            Path file = Positions.path(params.getTextDocument().getUri());
            return analysisOf(file).flatMap(analysis -> {
                int offset = Positions.offset(workspace.get().analysed(file), params.getPosition());
                return Hovers.of(Workspace.findingsAt(analysis, file, offset, offset));
            }).orElse(null);
        });
    }

    private Optional<Analyzer.Analysis> analysisOf(Path file) {
        Workspace w = workspace.get();
        return w == null ? Optional.empty() : w.analysisOf(file, PATIENCE);
    }

    /** The fingerprint a diagnostic of ours carries; the client echoes it back as JSON. */
    private static Optional<String> fingerprint(Diagnostic diagnostic) {
        Object data = diagnostic.getData();
        if (data instanceof JsonPrimitive primitive && primitive.isString()) {
            return Optional.of(primitive.getAsString());
        }
        return data instanceof String text ? Optional.of(text) : Optional.empty();
    }

    private void ifOpen(Consumer<Workspace> action) {
        Workspace w = workspace.get();
        if (w != null) {
            action.accept(w);
        }
    }
}
