package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .fjdoctor.yml}, {@code --config} and {@code --severity} on the command line: the flags win. */
class ConfigOptionTest {

    @TempDir
    Path dir;

    private Path project() {
        return SourceTrees.withFindings(dir.resolve("project/src"));
    }

    /** The project's settings file, at the top of its (git) work tree, where the search above src/ ends. */
    private Path config(String yaml) throws IOException {
        Files.createDirectories(dir.resolve("project/.git"));
        return Files.writeString(dir.resolve("project/.fjdoctor.yml"), yaml);
    }

    @Test
    void theFileFoundAboveThePathSetsSeverityAndFailOn() throws IOException {
        Path src = project();
        config("rules:\n  copy-on-fork: note\nfailOn: warning\n");
        Cli.Result result = Cli.run("scan", src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains(": note [copy-on-fork]"), result::toString);

        // The severity reaches every report, and --fail-on compares against it.
        Cli.Result json = Cli.run("scan", "--format", "json", "--fail-on", "note", src.toString());
        assertEquals(ExitCodes.FINDINGS, json.exit(), json::toString);
        assertTrue(json.out().contains("\"severity\" : \"note\""), json::toString);
        Cli.Result sarif = Cli.run("scan", "--format", "sarif", "--fail-on", "note", src.toString());
        assertTrue(sarif.out().contains("\"level\" : \"note\""), sarif::toString);
    }

    @Test
    void severityFlagsWinOverTheFile() throws IOException {
        Path src = project();
        config("rules:\n  copy-on-fork: note\n");
        Cli.Result result = Cli.run("scan", "--severity", "FJ2=error", "--fail-on", "error", src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains(": error [copy-on-fork]"), result::toString);
    }

    @Test
    void theFileCanSwitchARuleOffAndRulesFlagsSwitchItBackOn() throws IOException {
        Path src = project();
        config("rules:\n  FJ2: off\n");
        Cli.Result off = Cli.run("scan", src.toString());
        assertEquals(ExitCodes.OK, off.exit(), off::toString);
        assertFalse(off.out().contains("copy-on-fork"), off::toString);
        Cli.Result on = Cli.run("scan", "--rules", "copy-on-fork", src.toString());
        assertEquals(ExitCodes.FINDINGS, on.exit(), on::toString);
    }

    @Test
    void excludedPathsAreRelativeToTheFile() throws IOException {
        Path src = project();
        config("exclude:\n  - src/demo/Copying*.java\n");
        Cli.Result result = Cli.run("scan", src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        // The summary is the report's last line (the settings that applied come before it).
        assertTrue(result.out().lines().reduce((a, b) -> b).orElse("").startsWith("no findings"), result::toString);
    }

    @Test
    void failOnFromTheFileYieldsToTheFlag() throws IOException {
        Path src = project();
        config("failOn: none\n");
        assertEquals(ExitCodes.OK, Cli.run("scan", src.toString()).exit());
        assertEquals(ExitCodes.FINDINGS, Cli.run("scan", "--fail-on", "warning", src.toString()).exit());
    }

    @Test
    void configPointsElsewhere() throws IOException {
        Path src = project();
        config("rules:\n  copy-on-fork: error\n");
        Path other = Files.writeString(dir.resolve("other.yml"), "failOn: none\n");
        Cli.Result result = Cli.run("scan", "--config", other.toString(), src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains(": warning [copy-on-fork]"), result::toString);
    }

    @Test
    void aBadFileIsAUsageErrorNamingFileAndLine() throws IOException {
        Path src = project();
        Path file = config("depth: 3\nrules:\n  copy-on-frok: off\n");
        Cli.Result result = Cli.run("scan", src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains(file + ":3: unknown rule 'copy-on-frok'"), result::toString);

        Cli.Result fix = Cli.run("fix", "--dry-run", src.toString());
        assertEquals(ExitCodes.USAGE, fix.exit(), fix::toString);
        assertTrue(fix.err().contains(file + ":3: unknown rule"), fix::toString);

        Cli.Result missing = Cli.run("scan", "--config", dir.resolve("none.yml").toString(), src.toString());
        assertEquals(ExitCodes.USAGE, missing.exit(), missing::toString);
        assertTrue(missing.err().contains("none.yml: does not exist"), missing::toString);
    }

    @Test
    void aBadSeverityFlagIsAUsageError() {
        Path src = project();
        Cli.Result rule = Cli.run("scan", "--severity", "FJ99=error", src.toString());
        assertEquals(ExitCodes.USAGE, rule.exit(), rule::toString);
        assertTrue(rule.err().contains("--severity FJ99=error: unknown rule 'FJ99'"), rule::toString);
        Cli.Result level = Cli.run("scan", "--severity", "FJ2=fatal", src.toString());
        assertEquals(ExitCodes.USAGE, level.exit(), level::toString);
        assertTrue(level.err().contains("unknown severity 'fatal'"), level::toString);
    }

    @Test
    void fixFollowsTheFile() throws IOException {
        Path src = project();
        config("rules:\n  copy-on-fork: off\n");
        Cli.Result result = Cli.run("fix", "--dry-run", src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals("", result.out(), result::toString);
    }
}
