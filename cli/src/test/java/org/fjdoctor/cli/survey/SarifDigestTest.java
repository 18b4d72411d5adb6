package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A survey counts a repository's findings in test code by the SARIF result's flag, not by its message. */
class SarifDigestTest {

    @TempDir
    Path dir;

    @Test
    void testCodeIsReadFromTheResultsProperty() throws IOException {
        // The second result is in test code at its rule's severity (--include-tests): its message says nothing.
        Path sarif = Files.writeString(dir.resolve("scan.sarif"), """
                {"runs": [{"results": [
                  {"ruleId": "sleepy-worker", "level": "warning", "message": {"text": "sleeps"},
                   "properties": {"testCode": false}},
                  {"ruleId": "sleepy-worker", "level": "warning", "message": {"text": "sleeps"},
                   "properties": {"testCode": true}},
                  {"ruleId": "copy-on-fork", "level": "note", "message": {"text": "In test code: copies"},
                   "properties": {"testCode": true}}
                ]}]}
                """);
        SarifDigest digest = SarifDigest.read(sarif);
        assertEquals(new RuleCounts(1, 1, 0, 0, 2), digest.rules().get("sleepy-worker"));
        assertEquals(new RuleCounts(0, 1, 0, 0, 1), digest.rules().get("copy-on-fork"));
    }
}
