package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.api.Location;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Every report flags findings in test sources and counts them apart from those in main code. */
class TestCodeReportsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Two findings in main code; one in a test, reported as {@code --include-tests} does. */
    private static final ScanResult INCLUDED = result();

    @Test
    void textSummaryCountsMainAndTestCodeApart() {
        assertTrue(TextReport.summary(INCLUDED).startsWith(
                "3 findings (copy-on-fork: 3): 2 in main code, 1 in test code; "), TextReport.summary(INCLUDED));
    }

    @Test
    void jsonFlagsEachFindingAndCountsApart() throws IOException {
        JsonNode json = MAPPER.readTree(write(new JsonReport(), INCLUDED));
        List<Boolean> flags = json.get("findings").findValues("testCode").stream().map(JsonNode::asBoolean).toList();
        assertEquals(List.of(false, false, true), flags, json.toString());
        assertEquals(2, json.get("stats").get("mainCodeFindings").asInt());
        assertEquals(1, json.get("stats").get("testCodeFindings").asInt());
        JsonNode rule = json.get("rules").get(0);
        assertEquals(2, rule.get("mainCodeFindings").asInt(), rule.toString());
        assertEquals(1, rule.get("testCodeFindings").asInt(), rule.toString());
    }

    @Test
    void sarifFlagsEachResultAndCountsApart() throws IOException {
        JsonNode run = MAPPER.readTree(write(new SarifReport(), INCLUDED)).get("runs").get(0);
        JsonNode results = run.get("results");
        for (int i = 0; i < 3; i++) {
            JsonNode properties = results.get(i).get("properties");
            assertEquals(i == 2, properties.get(SarifReport.TEST_CODE).asBoolean(), results.get(i).toString());
            assertEquals("warning", results.get(i).get("level").asText());
        }
        assertEquals(2, run.get("properties").get("mainCodeFindings").asInt(), run.get("properties").toString());
        assertEquals(1, run.get("properties").get("testCodeFindings").asInt(), run.get("properties").toString());
    }

    @Test
    void htmlMarksTestFindingsAndCountsThemPerRule() throws IOException {
        String html = write(new HtmlReport(), INCLUDED);
        assertTrue(html.contains("2 in main code, 1 in test code"), "summary");
        assertTrue(html.contains("<th class=\"num\">In test code</th>"), "a column per rule");
        assertEquals(1, html.split("<span class=\"test-code\">test code</span>", -1).length - 1, "one marked finding");
    }

    @Test
    void noSplitIsPrintedWithoutTestFindings() {
        ScanResult mainOnly = new ScanResult(INCLUDED.rules(), INCLUDED.findings().subList(0, 2), List.of(),
                2, 20, 2, 5);
        assertFalse(TextReport.summary(mainOnly).contains("test code"), TextReport.summary(mainOnly));
    }

    private static ScanResult result() {
        List<Finding> findings = List.of(finding("src/main/java/demo/A.java", 3, Severity.WARNING, false),
                finding("src/main/java/demo/A.java", 9, Severity.WARNING, false),
                finding("src/test/java/demo/ATest.java", 4, Severity.WARNING, true));
        return new ScanResult(Rules.select(List.of("copy-on-fork")), findings, List.of(), 2, 20, 2, 5);
    }

    private static Finding finding(String path, int line, Severity severity, boolean inTestCode) {
        Location at = new Location(Path.of("").toAbsolutePath().resolve(path), path, line, 5, line, 20, 40, 55);
        return new Finding("copy-on-fork", severity, "copies the array", at, List.of(), "demo.A#compute()",
                "f" + line, inTestCode);
    }

    private static String write(Report report, ScanResult result) throws IOException {
        StringWriter out = new StringWriter();
        report.write(ScanReport.of(result), out);
        return out.toString();
    }
}
