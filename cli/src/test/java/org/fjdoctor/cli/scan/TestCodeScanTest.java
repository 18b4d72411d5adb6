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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project whose only findings are in {@code src/test}: they are not reported, and the report says so, unless
 * {@code --include-tests} reports them at their severity, counted apart.
 */
class TestCodeScanTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeEach
    void project() throws IOException {
        write("src/main/java/demo/RangeSum.java", SourceTrees.RANGE_TASK);
        write("src/test/java/demo/CopyingSum.java", SourceTrees.COPYING_TASK);
    }

    @Test
    void testFindingsAreNotReportedAndNeverFailTheBuild() throws IOException {
        for (String level : new String[] {"warning", "note"}) {
            Cli.Result result = Cli.run("scan", "--no-cache", "--fail-on", level, dir.toString());
            assertEquals(ExitCodes.OK, result.exit(), result::toString);
            assertFalse(result.out().contains("[copy-on-fork]"), result::toString);
            assertTrue(result.out().contains("no findings; "), result::toString);
            assertTrue(result.out().contains("Test code: not reported (--include-tests reports it)"), result::toString);
        }
        Cli.Result json = Cli.run("scan", "--no-cache", "--format", "json", dir.toString());
        JsonNode report = MAPPER.readTree(json.out());
        assertEquals(0, report.get("findings").size(), json::toString);
        assertFalse(report.get("settings").get("includeTests").asBoolean(), json::toString);
    }

    @Test
    void includeTestsKeepsTheirSeverityAndTheirFlag() throws IOException {
        Cli.Result result = Cli.run("scan", "--no-cache", "--include-tests", "--fail-on", "warning", "--format", "json",
                dir.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        JsonNode json = MAPPER.readTree(result.out());
        assertEquals(2, json.get("findings").size(), result::toString);
        for (JsonNode finding : json.get("findings")) {
            assertEquals("warning", finding.get("severity").asText(), finding::toString);
            assertTrue(finding.get("testCode").asBoolean(), finding::toString);
        }
        assertEquals(0, json.get("stats").get("mainCodeFindings").asInt());
        assertEquals(2, json.get("stats").get("testCodeFindings").asInt());
    }

    @Test
    void includedSarifResultsCarryTheTestCodeProperty() throws IOException {
        Cli.Result result = Cli.run("scan", "--no-cache", "--include-tests", "--format", "sarif", dir.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        JsonNode run = MAPPER.readTree(result.out()).get("runs").get(0);
        assertEquals(2, run.get("results").size(), result::toString);
        for (JsonNode r : run.get("results")) {
            assertEquals("warning", r.get("level").asText(), r::toString);
            assertTrue(r.get("properties").get("testCode").asBoolean(), r::toString);
        }
        assertEquals(2, run.get("properties").get("testCodeFindings").asInt(), run.get("properties")::toString);
    }

    private void write(String path, String text) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
