package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.common.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine;

/**
 * A scan part of which fjdoctor could not analyse, end to end: a second variant of a module (the same types
 * declared again) whose model throws while it is built. The scan still reports, says ANALYSIS INCOMPLETE, marks
 * the JSON report incomplete and exits 3, not 0, though nothing it analysed has a finding.
 */
class IncompleteScanTest {

    @TempDir
    Path dir;

    @Test
    void aVariantWhoseModelCannotBeBuiltExitsThreeAndSaysSo() {
        Path src = twoVariants();

        Cli.Result result = Cli.run(IncompleteScanTest::failSecondModel, "scan", "--full", "--no-cache", src.toString());

        assertEquals(ExitCodes.INCOMPLETE, result.exit(), result::toString);
        assertTrue(result.out().contains("ANALYSIS INCOMPLETE"), result::toString);
        assertTrue(result.out().replaceAll("\\s+", " ").contains("the fork/join model could not be built: StackOverflowError"),
                result::toString);
    }

    @Test
    void theJsonReportOfAnIncompleteScanSaysItIsIncomplete() throws IOException {
        Path src = twoVariants();

        Cli.Result result = Cli.run(IncompleteScanTest::failSecondModel, "scan", "--full", "--no-cache",
                "--format", "json", src.toString());

        assertEquals(ExitCodes.INCOMPLETE, result.exit(), result::toString);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertFalse(json.path("stats").path("complete").asBoolean(true), result::toString);
    }

    /** The same scan without the fault is complete and passes: the exit code is the fault's. */
    @Test
    void theSameScanWithoutTheFaultPasses() throws IOException {
        Path src = twoVariants();

        Cli.Result result = Cli.run(commandLine -> { }, "scan", "--full", "--no-cache", "--format", "json",
                src.toString());

        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(new ObjectMapper().readTree(result.out()).path("stats").path("complete").asBoolean(false),
                result::toString);
    }

    /** The settings file can make an incomplete scan only warn; the flag wins over it. */
    @Test
    void failOnIncompleteOffInTheSettingsFileExitsZeroUnlessTheFlagSaysOtherwise() throws IOException {
        Path src = twoVariants();
        Files.writeString(src.resolve(".fjdoctor.yml"), "failOnIncomplete: false\n");

        Cli.Result warned = Cli.run(IncompleteScanTest::failSecondModel, "scan", "--full", "--no-cache",
                src.toString());
        Cli.Result failed = Cli.run(IncompleteScanTest::failSecondModel, "scan", "--full", "--no-cache",
                "--fail-on-incomplete", src.toString());

        assertEquals(ExitCodes.OK, warned.exit(), warned::toString);
        assertTrue(warned.out().contains("ANALYSIS INCOMPLETE"), warned::toString);
        assertEquals(ExitCodes.INCOMPLETE, failed.exit(), failed::toString);
    }

    /** An incomplete scan is not stored: the next scan of the same tree analyses it again and is complete. */
    @Test
    void anIncompleteScanIsNotCached() throws IOException {
        Path src = twoVariants();
        Path cache = dir.resolve("cache");

        Cli.Result failed = Cli.run(IncompleteScanTest::failSecondModel, "scan", "--full", "--cache-dir",
                cache.toString(), src.toString());
        Cli.Result again = Cli.run(commandLine -> { }, "scan", "--full", "--cache-dir", cache.toString(),
                src.toString());

        assertEquals(ExitCodes.INCOMPLETE, failed.exit(), failed::toString);
        assertEquals(ExitCodes.OK, again.exit(), again::toString);
        assertFalse(again.out().contains("ANALYSIS INCOMPLETE"), again::toString);
    }

    /** {@code demo.RangeSum} (no finding) under {@code a/} and again under {@code b/}: two variants, two models. */
    private Path twoVariants() {
        Path src = dir.resolve("src");
        SourceTrees.clean(src.resolve("a"));
        SourceTrees.clean(src.resolve("b"));
        return src;
    }

    /** Overflows the stack when the second model (the variant's) finds its task code. */
    private static void failSecondModel(CommandLine commandLine) {
        int[] models = new int[1];
        ScanCommand scan = (ScanCommand) commandLine.getSubcommands().get("scan").getCommand();
        scan.phases = phase -> {
            if (phase.equals("finding task code") && ++models[0] == 2) {
                throw new StackOverflowError();
            }
        };
    }
}
