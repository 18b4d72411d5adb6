package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class JsonReportTest {

    @TempDir
    Path dir;

    @Test
    void reportHasToolRulesFindingsProblemsAndStats() throws Exception {
        Path root = SourceTrees.withFindings(dir.resolve("src"));
        Cli.Result result = Cli.run("scan", "--format", "json", root.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        JsonNode json = new ObjectMapper().readTree(result.out());

        assertEquals("fjdoctor", json.path("tool").path("name").asText());
        assertFalse(json.path("tool").path("version").asText().isEmpty());

        JsonNode rules = json.path("rules");
        assertTrue(rules.size() >= 6, rules::toString);
        for (JsonNode rule : rules) {
            for (String field : new String[] {"id", "code", "title", "category", "severity", "description", "rationale"}) {
                assertTrue(rule.path(field).isTextual(), () -> field + " in " + rule);
            }
        }

        JsonNode findings = json.path("findings");
        assertEquals(2, findings.size(), findings::toString);
        int[] copy = SourceTrees.position(SourceTrees.COPYING_TASK, "Arrays.copyOfRange(data, 0, mid)");
        JsonNode first = findings.get(0);
        assertEquals("copy-on-fork", first.path("ruleId").asText());
        assertEquals("warning", first.path("severity").asText());
        assertFalse(first.path("message").asText().isEmpty());
        JsonNode location = first.path("location");
        assertEquals(root + "/demo/CopyingSum.java", location.path("path").asText());
        assertEquals(copy[0], location.path("line").asInt());
        assertEquals(copy[1], location.path("column").asInt());
        assertEquals(copy[0], location.path("endLine").asInt());
        assertEquals(copy[1] + "Arrays.copyOfRange(data, 0, mid)".length(), location.path("endColumn").asInt());
        JsonNode related = first.path("related");
        assertTrue(related.size() >= 1, related::toString);
        assertTrue(related.get(0).path("message").isTextual());
        assertEquals(copy[0], related.get(0).path("location").path("line").asInt());
        assertTrue(first.path("fingerprint").asText().matches("[0-9a-f]{16,}"), first::toString);
        assertFalse(first.path("fingerprint").asText().equals(findings.get(1).path("fingerprint").asText()));

        assertTrue(json.path("problems").isArray());
        JsonNode stats = json.path("stats");
        assertEquals(2, stats.path("files").asInt());
        assertTrue(stats.path("lines").asInt() > 40);
        assertTrue(stats.path("modelFiles").asInt() >= 1);
        assertTrue(stats.path("millis").isNumber());
    }

    @Test
    void problemsCarryPathKindMessageAndScanned() throws Exception {
        Path root = SourceTrees.clean(dir.resolve("src"));
        java.nio.file.Files.write(root.resolve("Empty.java"), new byte[0]);
        Cli.Result result = Cli.run("scan", "--format", "json", root.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        JsonNode problem = new ObjectMapper().readTree(result.out()).path("problems").get(0);
        assertEquals(root + "/Empty.java", problem.path("path").asText());
        assertEquals("empty", problem.path("kind").asText());
        assertTrue(problem.path("message").isTextual());
        assertFalse(problem.path("scanned").asBoolean(true));
    }
}
