package org.fjdoctor.cli.lsp;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.engine.Engine;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.Version;
import org.fjdoctor.cli.fix.AnalysisOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code fjdoctor lsp}: the language server, over standard input and output. */
@Command(
        name = "lsp",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Run fjdoctor as a language server (LSP over stdin/stdout) for editors.",
        descriptionHeading = "%n",
        description = {
            "Analyzes the editor's workspace folders with a warm engine and keeps the findings up to date as"
                    + " files are edited, unsaved buffers included: diagnostics with the rule id and its page,"
                    + " the call path as related information, quick fixes (SAFE or REVIEW) and a suppression"
                    + " for each finding, and the rule's rationale on hover.",
            "",
            "Settings are resolved as 'fjdoctor scan' resolves them: the options below, then .fjdoctor.yml"
                    + " (read again when it changes), then the build files. Logs go to stderr. Editor setup:"
                    + " docs/lsp.md.",
            "",
            "The options are those of 'fjdoctor fix': here --rules chooses the rules whose findings are shown,"
                    + " and the quick fixes offer SAFE and REVIEW fixes alike (--include-review changes nothing).",
        },
        optionListHeading = "%nOptions:%n")
public final class LspCommand implements Callable<Integer> {

    @Mixin
    AnalysisOptions analysis;

    @Override
    public Integer call() throws Exception {
        // The protocol owns standard output: anything else printed there would corrupt it.
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        return serve(System.in, protocol, factory(analysis));
    }

    /** Serves one client until it sends {@code exit} or closes the stream; the exit code says whether it shut down first. */
    public static int serve(InputStream in, OutputStream out, FjdoctorLanguageServer.EngineFactory factory)
            throws Exception {
        FjdoctorLanguageServer server = new FjdoctorLanguageServer(factory, Version.fjdoctor());
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> {
            try {
                listening.get();
            } catch (Exception e) {
                // the stream ended or broke: the client is gone either way
            }
        });
        CompletableFuture.anyOf(server.exited(), closed).join();
        return server.shutDownCleanly() ? ExitCodes.OK : ExitCodes.INTERNAL_ERROR;
    }

    /** Settings, classpath and Java levels resolved as {@code scan} resolves them, for the workspace folders. */
    static FjdoctorLanguageServer.EngineFactory factory(AnalysisOptions options) {
        PrintWriter log = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        return (roots, progress) -> {
            Settings settings = options.settings(roots);
            return Engine.open(options.sourceSet(roots, options.classpath(roots, log, progress), settings),
                    options.options(settings, progress));
        };
    }
}
