package org.fjdoctor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fjdoctor.cli.common.ExitCodes;

import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void helpExplainsCommandsExitCodesAndExamples() {
        Cli.Result result = Cli.run("--help");
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("Usage: fjdoctor"), result::toString);
        assertTrue(result.out().contains("scan"), result::toString);
        assertTrue(result.out().contains("Exit codes:"), result::toString);
        assertTrue(result.out().contains("Examples:"), result::toString);
    }

    @Test
    void versionNamesTheTool() {
        Cli.Result result = Cli.run("--version");
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().startsWith("fjdoctor "), result::toString);
        assertTrue(!result.out().contains("${"), "version resource was not filtered: " + result.out());
    }

    @Test
    void scanHelpListsOptionsRulesAndExamples() {
        Cli.Result result = Cli.run("scan", "--help");
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        for (String expected : new String[] {"--format", "--output", "--rules", "--fail-on", "--baseline", "--quiet",
            "--full", "--classpath", "--maven", "--depth", "--max-file-size", "--encoding", "--java-level",
            "Examples:", "Exit codes:", "FJ2", "copy-on-fork"}) {
            assertTrue(result.out().contains(expected), () -> "missing " + expected + " in\n" + result.out());
        }
        assertTrue(result.out().lines().noneMatch(line -> line.trim().startsWith("--stacktrace"))
                && !result.out().contains("[--stacktrace]"), "--stacktrace is a hidden option");
    }

    @Test
    void noCommandIsAUsageError() {
        Cli.Result result = Cli.run();
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("Usage: fjdoctor"), result::toString);
    }

    @Test
    void unknownCommandIsAUsageError() {
        Cli.Result result = Cli.run("sacn", "src");
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().startsWith("fjdoctor: "), result::toString);
    }
}
