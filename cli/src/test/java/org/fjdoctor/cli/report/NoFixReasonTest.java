package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;
import org.fjdoctor.reports.SarifReport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A finding without a fix says why in the HTML and SARIF reports, in the words {@code fix} uses. */
class NoFixReasonTest {

    /** What the test refactoring answers for a sleep it has already marked (see ReviewSleepFix). */
    private static final String REASON = "already marked for review";

    @TempDir
    Path dir;

    @Test
    void htmlAndSarifSayWhyAFindingHasNoFixAsFixDoes() throws IOException {
        Path src = dir.resolve("src");
        SourceTrees.write(src.resolve("demo/Sleepy.java"), FixFixtures.SLEEPY
                .replace("Thread.sleep(pause());", FixFixtures.REVIEW_MARK + "Thread.sleep(pause());"));

        Cli.Result fix = Cli.run("fix", "--dry-run", "--quiet", src.toString());
        assertTrue(fix.err().contains("[sleepy-worker] " + REASON), fix::toString);

        Path html = dir.resolve("report.html");
        Cli.Result scan = Cli.run("scan", "--quiet", "--format", "html", "--output", html.toString(), src.toString());
        assertEquals(ExitCodes.FINDINGS, scan.exit(), scan::toString);
        assertTrue(Files.readString(html).contains("<p class=\"nofix\">No automatic fix is offered for this finding: "
                + REASON + ".</p>"), () -> read(html));

        Path sarif = dir.resolve("report.sarif");
        scan = Cli.run("scan", "--quiet", "--format", "sarif", "--output", sarif.toString(), src.toString());
        assertEquals(ExitCodes.FINDINGS, scan.exit(), scan::toString);
        JsonNode results = new ObjectMapper().readTree(sarif.toFile()).path("runs").path(0).path("results");
        int withoutFix = 0;
        for (JsonNode result : results) {
            if (result.path("ruleId").asText().equals("sleepy-worker")) {
                assertTrue(result.path("fixes").isMissingNode(), result::toString);
                assertEquals(REASON, result.path("properties").path(SarifReport.NO_FIX_REASON).asText(), result::toString);
                withoutFix++;
            } else {
                assertTrue(result.path("properties").path(SarifReport.NO_FIX_REASON).isMissingNode(), result::toString);
            }
        }
        assertEquals(1, withoutFix, results::toString);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
