package org.fjdoctor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

import org.fjdoctor.cli.common.ExitCodes;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** A command that fails the way a bug would, run through the real error handling. */
class InternalErrorTest {

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("kaboom\nsecond line");
        }
    }

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        commandLine.addSubcommand(new Boom());
        commandLine.setOut(new PrintWriter(out, true)); // settings reach only subcommands added before
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new String[] {Integer.toString(exit), out.toString(), err.toString()};
    }

    @Test
    void oneLineAndAHint() {
        String[] result = run("boom");
        assertEquals(Integer.toString(ExitCodes.INTERNAL_ERROR), result[0]);
        assertEquals("fjdoctor: internal error: IllegalStateException: kaboom (rerun with --stacktrace for details)\n",
                result[2].replace("\r\n", "\n"));
    }

    @Test
    void stacktraceOnRequest() {
        String[] result = run("boom", "--stacktrace");
        assertEquals(Integer.toString(ExitCodes.INTERNAL_ERROR), result[0]);
        assertTrue(result[2].contains("at org.fjdoctor.cli.InternalErrorTest$Boom.call"), result[2]);
        assertFalse(result[2].contains("rerun with --stacktrace"), result[2]);
    }
}
