package org.fjdoctor.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.fjdoctor.cli.common.BinaryOut;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.scan.ScanCommand;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/** Entry point. {@link #execute} runs a command line in-process and returns the exit code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new BinaryOut(System.out);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs {@code fjdoctor args...}; reports go to {@code out}, messages and progress to {@code err}. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(commandLine(out, err), args, out, err);
    }

    /** Runs {@code args} on a command line made by {@link #commandLine} (and set up further by a test). */
    static int execute(CommandLine commandLine, String[] args, PrintWriter out, PrintWriter err) {
        try {
            return commandLine.execute(args);
        } catch (Throwable t) { // Errors (e.g. StackOverflowError) escape picocli's handler
            return internalError(t, err, Arrays.asList(args).contains("--stacktrace"));
        } finally {
            out.flush();
            err.flush();
        }
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new FjdoctorCommand());
        ScanCommand.describeRules(commandLine.getSubcommands().get("scan").getCommandSpec());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setUsageHelpAutoWidth(true);
        commandLine.setExitCodeExceptionMapper(t -> t instanceof ParameterException ? ExitCodes.USAGE : ExitCodes.INTERNAL_ERROR);
        commandLine.setParameterExceptionHandler(Main::usageError);
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) ->
                internalError(e, cmd.getErr(), stacktraceRequested(parseResult)));
        return commandLine;
    }

    /** A short message and a pointer to the help, instead of picocli's full usage text. */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("fjdoctor: " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCodes.USAGE;
    }

    private static int internalError(Throwable t, PrintWriter err, boolean stacktrace) {
        String message = t.getMessage() == null ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + t.getMessage();
        err.println("fjdoctor: internal error: " + message.lines().findFirst().orElse(message)
                + (stacktrace ? "" : " (rerun with --stacktrace for details)"));
        if (stacktrace) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
    }

    private static boolean stacktraceRequested(ParseResult parseResult) {
        for (ParseResult r = parseResult; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption("--stacktrace")) {
                return true;
            }
        }
        return false;
    }
}
