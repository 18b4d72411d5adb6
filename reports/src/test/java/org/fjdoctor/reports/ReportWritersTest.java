package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.api.Location;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Each report writer on a finding whose file name and message come from a hostile repository: people's
 * formats show the characters as escapes, machine formats carry them exactly.
 */
class ReportWritersTest {

    private static final String PATH = "src/evil\u001b[2J\nsrc/Forged.java:1:1: error [copy-on-fork] fake.java";
    private static final String MESSAGE = "copies the array /* \u202e } \u2066 */";

    @Test
    void textShowsControlAndBidiCharactersAsEscapes() throws IOException {
        String out = write(new TextReport());

        assertFalse(out.contains("\u001b"), out);
        assertFalse(out.contains("\u202e"), out);
        assertTrue(out.contains("src/evil\\e[2J\\nsrc/Forged.java"), out);
        assertTrue(out.contains("\\u202e"), out);
        assertTrue(out.lines().noneMatch(line -> line.startsWith("src/Forged.java")), "no forged finding line: " + out);
    }

    @Test
    void htmlMakesBidiControlsVisibleMarks() throws IOException {
        String out = write(new HtmlReport());

        assertFalse(out.contains("\u202e"), "no raw bidi override");
        assertTrue(out.contains("<span class=\"bidi\" title=\"U+202E\">"), "a visible mark");
    }

    @Test
    void jsonAndSarifCarryTheExactTextAsJson() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode json = mapper.readTree(write(new JsonReport()));
        JsonNode sarif = mapper.readTree(write(new SarifReport()));

        assertEquals(MESSAGE, json.findValue("message").asText());
        assertEquals(PATH, json.findValue("relativePath") == null ? json.findValue("path").asText()
                : json.findValue("relativePath").asText());
        JsonNode result = sarif.get("runs").get(0).get("results").get(0);
        assertEquals("copy-on-fork", result.get("ruleId").asText());
        assertEquals(MESSAGE, result.get("message").get("text").asText());
    }

    private static String write(Report report) throws IOException {
        Path file = Path.of("").toAbsolutePath().resolve(PATH);
        Location at = new Location(file, PATH, 3, 5, 3, 20, 40, 55);
        Finding finding = new Finding("copy-on-fork", Severity.WARNING, MESSAGE, at,
                List.of(new RelatedLocation(at, "forked here")), "demo.Task#compute()", "f1", false);
        ScanResult result = new ScanResult(Rules.select(List.of("copy-on-fork")), List.of(finding), List.of(), 1, 10, 1, 5);
        StringWriter out = new StringWriter();
        report.write(ScanReport.of(result), out);
        return out.toString();
    }
}
