package org.fjdoctor.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;

import org.fjdoctor.cli.common.BinaryOut;

import picocli.CommandLine;

/** Runs the command line in-process, capturing what it prints. */
public final class Cli {

    public record Result(int exit, String out, String err) {
        /**
         * Standard error without the progress lines a slow run prints after its first second ({@code fjdoctor:
         * [1.2 s] finding task code}): whether they appear depends on the machine's load, not on the command.
         */
        public String errBesidesProgress() {
            return err.replaceAll("(?m)^fjdoctor: \\[\\d+\\.\\d s\\] .*\\R", "");
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** A run whose standard output is kept as the bytes the command wrote. */
    public record Binary(int exit, byte[] out, String err) {
    }

    private Cli() {
    }

    public static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    /**
     * Runs the command line after {@code setUp} has set up its commands: a test reaches a command's seams
     * ({@code ScanCommand.phases}) through {@code commandLine.getSubcommands()}.
     */
    public static Result run(Consumer<CommandLine> setUp, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
        CommandLine commandLine = Main.commandLine(outWriter, errWriter);
        setUp.accept(commandLine);
        int exit = Main.execute(commandLine, args, outWriter, errWriter);
        return new Result(exit, out.toString(), err.toString());
    }

    /** Runs the command line with standard output as bytes, as {@link Main#main} writes it to System.out. */
    public static Binary runBinary(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int exit = Main.execute(args, new BinaryOut(out), new PrintWriter(err, true));
        return new Binary(exit, out.toByteArray(), err.toString());
    }
}
