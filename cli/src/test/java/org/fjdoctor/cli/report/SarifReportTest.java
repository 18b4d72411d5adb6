package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.UUID;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.reports.SarifReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

class SarifReportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Below the working directory, so that report paths are relative, as in real use. */
    private Path tree;

    @BeforeEach
    void createTree() throws IOException {
        tree = Path.of("target", "sarif-test-" + UUID.randomUUID());
        Files.createDirectories(tree);
    }

    @AfterEach
    void deleteTree() throws IOException {
        try (var walk = Files.walk(tree)) {
            for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static JsonSchema sarifSchema() throws IOException {
        try (var schema = SarifReportTest.class.getResourceAsStream("/schemas/sarif-schema-2.1.0.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(MAPPER.readTree(schema));
        }
    }

    private static void assertValid(JsonNode sarif) throws IOException {
        Set<ValidationMessage> messages = sarifSchema().validate(sarif);
        assertEquals(Set.of(), messages, () -> "SARIF does not validate:\n" + sarif.toPrettyString());
    }

    @Test
    void findingsValidateAgainstTheSarifSchema() throws IOException {
        Path src = SourceTrees.withFindings(tree.resolve("src"));
        Cli.Result result = Cli.run("scan", "--format", "sarif", src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);

        assertEquals("2.1.0", sarif.path("version").asText());
        assertEquals(SarifReport.SCHEMA, sarif.path("$schema").asText());
        JsonNode run = sarif.path("runs").get(0);
        JsonNode driver = run.path("tool").path("driver");
        assertEquals("fjdoctor", driver.path("name").asText());
        assertTrue(driver.path("informationUri").asText().startsWith("https://"));
        JsonNode rules = driver.path("rules");
        assertTrue(rules.size() >= 6);
        String srcroot = run.path("originalUriBaseIds").path("%SRCROOT%").path("uri").asText();
        assertTrue(srcroot.startsWith("file:") && srcroot.endsWith("/"), srcroot);
        assertTrue(run.path("invocations").get(0).path("executionSuccessful").asBoolean());

        JsonNode results = run.path("results");
        assertEquals(2, results.size());
        JsonNode first = results.get(0);
        assertEquals("copy-on-fork", first.path("ruleId").asText());
        assertEquals("copy-on-fork", rules.get(first.path("ruleIndex").asInt()).path("id").asText());
        assertEquals("CopyOnFork", rules.get(first.path("ruleIndex").asInt()).path("name").asText());
        assertEquals("warning", first.path("level").asText());
        JsonNode artifact = first.path("locations").get(0).path("physicalLocation").path("artifactLocation");
        assertEquals(src.toString().replace('\\', '/') + "/demo/CopyingSum.java", artifact.path("uri").asText());
        assertEquals("%SRCROOT%", artifact.path("uriBaseId").asText());
        int[] copy = SourceTrees.position(SourceTrees.COPYING_TASK, "Arrays.copyOfRange(data, 0, mid)");
        JsonNode region = first.path("locations").get(0).path("physicalLocation").path("region");
        assertEquals(copy[0], region.path("startLine").asInt());
        assertEquals(copy[1], region.path("startColumn").asInt());
        assertTrue(first.path("partialFingerprints").path("fjdoctor/v1").isTextual(), first::toString);
        JsonNode related = first.path("relatedLocations");
        assertTrue(related.size() >= 1, first::toString);
        assertTrue(related.get(0).path("id").isInt());
        assertTrue(related.get(0).path("message").path("text").isTextual());
        assertTrue(related.get(0).path("physicalLocation").path("region").path("startLine").isInt());
    }

    @Test
    void fileProblemsBecomeToolExecutionNotifications() throws IOException {
        Path src = SourceTrees.clean(tree.resolve("src dir"));
        Files.write(src.resolve("Binary.java"), new byte[] {1, 0, 2, 0});
        Cli.Result result = Cli.run("scan", "--format", "sarif", src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);
        JsonNode run = sarif.path("runs").get(0);
        assertEquals(0, run.path("results").size());
        JsonNode notification = run.path("invocations").get(0).path("toolExecutionNotifications").get(0);
        assertEquals("warning", notification.path("level").asText());
        assertTrue(notification.path("message").path("text").asText().contains("binary"));
        String uri = notification.path("locations").get(0).path("physicalLocation").path("artifactLocation")
                .path("uri").asText();
        assertTrue(uri.endsWith("src%20dir/Binary.java"), uri);
    }

    @Test
    void absolutePathsBecomeFileUris() throws IOException {
        Path src = SourceTrees.withFindings(tree.resolve("src")).toAbsolutePath();
        Cli.Result result = Cli.run("scan", "--format", "sarif", src.toString());
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);
        JsonNode artifact = sarif.path("runs").get(0).path("results").get(0).path("locations").get(0)
                .path("physicalLocation").path("artifactLocation");
        assertTrue(artifact.path("uri").asText().startsWith("file:/"), artifact::toString);
        assertTrue(artifact.path("uriBaseId").isMissingNode(), artifact::toString);
    }
}
