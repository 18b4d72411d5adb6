package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;
import org.fjdoctor.reports.SarifReport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertEquals("%SRCROOT%", artifact.path("uriBaseId").asText());
        assertEquals(src.resolve("demo/CopyingSum.java").toAbsolutePath().normalize().toRealPath().toUri(),
                resolve(sarif, artifact), artifact::toString);
        for (JsonNode rule : rules) {
            assertEquals(SarifReport.RULE_DOCS_URI + rule.path("id").asText() + ".md", rule.path("helpUri").asText());
        }
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
    void absolutePathsOutsideGitAreRelativeToTheScanRoot(@TempDir Path outside) throws IOException {
        Path src = SourceTrees.withFindings(outside.resolve("project/src")).toAbsolutePath();
        Cli.Result result = Cli.run("scan", "--format", "sarif", src.toString());
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);
        JsonNode run = sarif.path("runs").get(0);
        assertEquals(src.toUri().toString(), run.path("originalUriBaseIds").path("%SRCROOT%").path("uri").asText());
        JsonNode artifact = run.path("results").get(0).path("locations").get(0).path("physicalLocation")
                .path("artifactLocation");
        assertEquals("demo/CopyingSum.java", artifact.path("uri").asText(), artifact::toString);
        assertEquals("%SRCROOT%", artifact.path("uriBaseId").asText(), artifact::toString);
    }

    @Test
    void pathsAreRelativeToTheGitRootWhereverTheScanRuns(@TempDir Path outside) throws IOException {
        Path repo = outside.resolve("repo");
        SourceTrees.withFindings(repo.resolve("module/src/main/java"));
        FixFixtures.commitAll(repo);
        Path problem = repo.resolve("module/src/main/java/demo/Binary.java");
        Files.write(problem, new byte[] {1, 0, 2, 0});
        Cli.Result result = Cli.run("scan", "--format", "sarif", repo.resolve("module/src/main/java").toString());
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);
        JsonNode run = sarif.path("runs").get(0);
        assertEquals(repo.toRealPath().toUri().toString(),
                run.path("originalUriBaseIds").path("%SRCROOT%").path("uri").asText());
        for (JsonNode location : sarif.findValues("artifactLocation")) {
            assertEquals("%SRCROOT%", location.path("uriBaseId").asText(), location::toString);
            assertTrue(location.path("uri").asText().startsWith("module/src/main/java/demo/"), location::toString);
        }
        assertEquals(repo.toRealPath().resolve("module/src/main/java/demo/Binary.java").toUri(),
                resolve(sarif, run.path("invocations").get(0).path("toolExecutionNotifications").get(0)
                        .path("locations").get(0).path("physicalLocation").path("artifactLocation")));
    }

    /**
     * Every fix's replacements, applied by line and column and applied by character offset, give the
     * same text; the first fix of every result, applied together, gives what {@code fix --include-review}
     * writes.
     */
    @Test
    void fixesCarryReplacementsThatMatchWhatFixWrites(@TempDir Path outside) throws IOException {
        Path file = outside.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, FixFixtures.SLEEPY);
        Cli.Result result = Cli.run("scan", "--format", "sarif", outside.resolve("src").toString());
        JsonNode sarif = MAPPER.readTree(result.out());
        assertValid(sarif);
        JsonNode results = sarif.path("runs").get(0).path("results");
        assertEquals(3, results.size(), result::toString);

        Set<String> safeties = new TreeSet<>();
        List<JsonNode> firstFixes = new ArrayList<>();
        for (JsonNode finding : results) {
            JsonNode fixes = finding.path("fixes");
            assertTrue(fixes.size() >= 1, finding::toString);
            firstFixes.add(fixes.get(0));
            String uri = finding.path("locations").get(0).path("physicalLocation").path("artifactLocation")
                    .path("uri").asText();
            for (JsonNode fix : fixes) {
                String description = fix.path("description").path("text").asText();
                String safety = fix.path("properties").path("safety").asText();
                assertTrue(description.startsWith(safety + ": "), description);
                assertTrue(description.length() > safety.length() + 20, description);
                safeties.add(safety);
                for (JsonNode change : fix.path("artifactChanges")) {
                    assertEquals(uri, change.path("artifactLocation").path("uri").asText(), change::toString);
                    assertEquals(apply(FixFixtures.SLEEPY, change, true), apply(FixFixtures.SLEEPY, change, false),
                            fix::toString);
                }
            }
        }
        assertEquals(Set.of("REVIEW", "SAFE"), safeties);

        String expected = FixFixtures.SLEEPY;
        List<JsonNode> changes = new ArrayList<>();
        for (JsonNode fix : firstFixes) {
            fix.path("artifactChanges").forEach(changes::add);
        }
        // Replacements of different fixes, applied from the end of the file so offsets stay valid.
        List<JsonNode> replacements = new ArrayList<>();
        changes.forEach(change -> change.path("replacements").forEach(replacements::add));
        replacements.sort(Comparator.comparingInt((JsonNode r) -> r.path("deletedRegion").path("charOffset").asInt())
                .reversed());
        for (JsonNode replacement : replacements) {
            expected = replace(expected, replacement, false);
        }
        Cli.Result fixed = Cli.run("fix", "--quiet", "--include-review", outside.resolve("src").toString());
        assertEquals(ExitCodes.OK, fixed.exit(), fixed::toString);
        assertEquals(expected, Files.readString(file));
    }

    /** The %SRCROOT% URI with the artifact's relative URI resolved against it. */
    private static URI resolve(JsonNode sarif, JsonNode artifact) {
        String base = sarif.path("runs").get(0).path("originalUriBaseIds").path(artifact.path("uriBaseId").asText())
                .path("uri").asText();
        return Path.of(URI.create(base).resolve(artifact.path("uri").asText())).toUri();
    }

    /** One artifact change's replacements applied to {@code text}, by line/column or by offset. */
    private static String apply(String text, JsonNode change, boolean byLineAndColumn) {
        List<JsonNode> replacements = new ArrayList<>();
        change.path("replacements").forEach(replacements::add);
        Collections.reverse(replacements); // sorted by offset: apply from the end
        for (JsonNode replacement : replacements) {
            text = replace(text, replacement, byLineAndColumn);
        }
        return text;
    }

    private static String replace(String text, JsonNode replacement, boolean byLineAndColumn) {
        JsonNode region = replacement.path("deletedRegion");
        int start;
        int end;
        if (byLineAndColumn) {
            start = offset(text, region.path("startLine").asInt(), region.path("startColumn").asInt());
            end = offset(text, region.path("endLine").asInt(), region.path("endColumn").asInt());
        } else {
            start = region.path("charOffset").asInt();
            end = start + region.path("charLength").asInt();
        }
        assertTrue(replacement.path("insertedContent").path("text").isTextual(), replacement::toString);
        return text.substring(0, start) + replacement.path("insertedContent").path("text").asText() + text.substring(end);
    }

    /** The offset of a 1-based line and column in a text with \n line ends. */
    private static int offset(String text, int line, int column) {
        int offset = 0;
        for (int i = 1; i < line; i++) {
            offset = text.indexOf('\n', offset) + 1;
            assertTrue(offset > 0, "line " + line + " beyond the text");
        }
        return offset + column - 1;
    }
}
