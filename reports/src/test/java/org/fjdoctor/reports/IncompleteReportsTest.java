package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.api.FileProblem;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A scan whose model (or a rule) of fjdoctor's own failed did not analyse everything: every report says so,
 * beside the problem that says what; a problem with the input alone (a file that does not parse) does not.
 */
class IncompleteReportsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path ROOT = Path.of("").toAbsolutePath();

    private static final ScanResult INCOMPLETE = result(new FileProblem(ROOT, ".", FileProblem.Kind.MODEL_FAILED,
            "the fork/join model could not be built: StackOverflowError; the project's 3 files were not analysed",
            false));
    private static final ScanResult COMPLETE = result(new FileProblem(ROOT.resolve("A.java"), "A.java",
            FileProblem.Kind.SYNTAX_ERROR, "does not parse", false));

    @Test
    void textSummarySaysTheAnalysisIsIncomplete() throws IOException {
        assertTrue(TextReport.summary(INCOMPLETE).contains("ANALYSIS INCOMPLETE"), TextReport.summary(INCOMPLETE));
        assertFalse(TextReport.summary(COMPLETE).contains("INCOMPLETE"), TextReport.summary(COMPLETE));
        assertTrue(write(new TextReport(), INCOMPLETE).contains(".: model-failed: the fork/join model could not be built"));
    }

    @Test
    void jsonStatsSayWhetherComplete() throws IOException {
        JsonNode incomplete = MAPPER.readTree(write(new JsonReport(), INCOMPLETE));
        assertFalse(incomplete.get("stats").get("complete").asBoolean(), incomplete.toString());
        assertEquals("model-failed", incomplete.get("problems").get(0).get("kind").asText());
        assertTrue(MAPPER.readTree(write(new JsonReport(), COMPLETE)).get("stats").get("complete").asBoolean());
    }

    @Test
    void sarifExecutionIsNotSuccessfulAndTheNotificationIsAnError() throws IOException {
        JsonNode invocation = MAPPER.readTree(write(new SarifReport(), INCOMPLETE)).get("runs").get(0)
                .get("invocations").get(0);
        assertFalse(invocation.get("executionSuccessful").asBoolean(), invocation.toString());
        assertEquals("error", invocation.get("toolExecutionNotifications").get(0).get("level").asText());
        JsonNode complete = MAPPER.readTree(write(new SarifReport(), COMPLETE)).get("runs").get(0)
                .get("invocations").get(0);
        assertTrue(complete.get("executionSuccessful").asBoolean(), complete.toString());
        assertEquals("warning", complete.get("toolExecutionNotifications").get(0).get("level").asText());
    }

    private static ScanResult result(FileProblem problem) {
        return new ScanResult(Rules.select(List.of("copy-on-fork")), List.of(), List.of(problem), 3, 30, 0, 5);
    }

    private static String write(Report report, ScanResult result) throws IOException {
        StringWriter out = new StringWriter();
        report.write(ScanReport.of(result), out);
        return out.toString();
    }
}
