package org.fjdoctor.cli.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {

    @TempDir
    Path dir;

    private Cli.Result baselineRun(String format) throws IOException {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        Path baseline = dir.resolve("baseline." + format);
        Cli.Result first = Cli.run("scan", "--format", format, "--output", baseline.toString(), src.toString());
        assertEquals(ExitCodes.FINDINGS, first.exit(), first::toString);
        return Cli.run("scan", "--baseline", baseline.toString(), src.toString());
    }

    @Test
    void aJsonBaselineHidesEveryKnownFinding() throws IOException {
        Cli.Result result = baselineRun("json");
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        // The summary is the report's last line (the settings that applied come before it).
        assertTrue(result.out().lines().reduce((a, b) -> b).orElse("").startsWith("no findings"), result::toString);
        assertTrue(result.err().contains("2 findings hidden by the baseline"), result::toString);
    }

    @Test
    void aSarifBaselineHidesEveryKnownFinding() throws IOException {
        Cli.Result result = baselineRun("sarif");
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.err().contains("2 findings hidden by the baseline"), result::toString);
    }

    @Test
    void newFindingsStillFailAndFindingsSurviveLineShifts() throws IOException {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        Path baseline = dir.resolve("baseline.json");
        Cli.run("scan", "--format", "json", "--output", baseline.toString(), src.toString());
        // Move the known findings down a few lines and add a new copy in another task.
        SourceTrees.write(src.resolve("demo/CopyingSum.java"),
                SourceTrees.COPYING_TASK.replace("package demo;", "package demo;\n\n// shifted\n// down\n"));
        SourceTrees.write(src.resolve("demo/Other.java"), SourceTrees.COPYING_TASK.replace("CopyingSum", "Other"));
        Cli.Result result = Cli.run("scan", "--baseline", baseline.toString(), src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("Other.java (2 findings)"), result::toString);
        assertTrue(!result.out().contains("CopyingSum.java"), result::toString);
        assertTrue(result.err().contains("2 findings hidden by the baseline"), result::toString);
    }

    @Test
    void quietSilencesTheBaselineNote() throws IOException {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        Path baseline = dir.resolve("baseline.json");
        Cli.run("scan", "--format", "json", "--output", baseline.toString(), src.toString());
        Cli.Result result = Cli.run("scan", "--quiet", "--baseline", baseline.toString(), src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals("", result.errBesidesProgress());
    }

    @Test
    void aMissingBaselineIsAUsageError() {
        Path src = SourceTrees.clean(dir.resolve("src"));
        Cli.Result result = Cli.run("scan", "--baseline", dir.resolve("nope.json").toString(), src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("does not exist"), result::toString);
    }

    @Test
    void anInvalidBaselineIsAUsageError() throws IOException {
        Path src = SourceTrees.clean(dir.resolve("src"));
        Path notJson = dir.resolve("broken.json");
        Files.writeString(notJson, "{ not json");
        Cli.Result broken = Cli.run("scan", "--baseline", notJson.toString(), src.toString());
        assertEquals(ExitCodes.USAGE, broken.exit(), broken::toString);
        assertTrue(broken.err().contains("is not valid JSON"), broken::toString);

        Path otherJson = dir.resolve("other.json");
        Files.writeString(otherJson, "{\"hello\": [1, 2]}");
        Cli.Result other = Cli.run("scan", "--baseline", otherJson.toString(), src.toString());
        assertEquals(ExitCodes.USAGE, other.exit(), other::toString);
        assertTrue(other.err().contains("neither a fjdoctor JSON report nor a SARIF log"), other::toString);
    }
}
