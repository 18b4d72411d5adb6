package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A project whose only findings are in {@code src/test}: they are notes counted apart and never fail the
 * build, unless {@code --include-tests} keeps their severity.
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
    void testFindingsAreNotesThatNeverFailTheBuild() {
        for (String level : new String[] {"warning", "note"}) {
            Cli.Result result = Cli.run("scan", "--no-cache", "--fail-on", level, dir.toString());
            assertEquals(ExitCodes.OK, result.exit(), result::toString);
            assertTrue(result.out().contains(": note [copy-on-fork] In test code:"), result::toString);
            assertTrue(result.out().contains("2 findings (copy-on-fork: 2): 0 in main code, 2 in test code (notes); "),
                    result::toString);
        }
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
    void sarifResultsAreNotesWithTheTestCodeProperty() throws IOException {
        Cli.Result result = Cli.run("scan", "--no-cache", "--format", "sarif", dir.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        JsonNode run = MAPPER.readTree(result.out()).get("runs").get(0);
        assertEquals(2, run.get("results").size(), result::toString);
        for (JsonNode r : run.get("results")) {
            assertEquals("note", r.get("level").asText(), r::toString);
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
