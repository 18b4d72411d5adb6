package org.fjdoctor.cli.lsp;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Progress of a long step (building the first model) as LSP work-done progress, or as log messages for a
 * client that does not show progress.
 */
final class WorkProgress {

    private static final AtomicInteger TOKENS = new AtomicInteger();

    private final LanguageClient client;
    private final Either<String, Integer> token;

    private WorkProgress(LanguageClient client, Either<String, Integer> token) {
        this.client = client;
        this.token = token;
    }

    /** @param supported whether the client said it shows work-done progress */
    static WorkProgress begin(LanguageClient client, boolean supported, String title) {
        Either<String, Integer> token = null;
        if (supported) {
            token = Either.forLeft("fjdoctor-" + TOKENS.incrementAndGet());
            try {
                client.createProgress(new WorkDoneProgressCreateParams(token)).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                token = null; // the client refused or did not answer: log lines instead
            }
        }
        WorkProgress progress = new WorkProgress(client, token);
        if (token != null) {
            WorkDoneProgressBegin begin = new WorkDoneProgressBegin();
            begin.setTitle(title);
            begin.setCancellable(false);
            client.notifyProgress(new ProgressParams(token, Either.forLeft(begin)));
        } else {
            progress.log(title);
        }
        return progress;
    }

    void report(String message) {
        if (token == null) {
            log(message);
            return;
        }
        WorkDoneProgressReport report = new WorkDoneProgressReport();
        report.setMessage(message);
        client.notifyProgress(new ProgressParams(token, Either.forLeft(report)));
    }

    void end(String message) {
        if (token == null) {
            log(message);
            return;
        }
        WorkDoneProgressEnd end = new WorkDoneProgressEnd();
        end.setMessage(message);
        client.notifyProgress(new ProgressParams(token, Either.forLeft(end)));
    }

    private void log(String message) {
        client.logMessage(new MessageParams(MessageType.Log, "fjdoctor: " + message));
    }
}
