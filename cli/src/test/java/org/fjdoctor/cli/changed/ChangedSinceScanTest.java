package org.fjdoctor.cli.changed;

import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;
import org.fjdoctor.reports.Git;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code scan --changed-since REF}: only findings on lines changed since a git revision (issue 27). */
class ChangedSinceScanTest {

    private static final String OTHER_TASK = SourceTrees.COPYING_TASK.replace("CopyingSum", "OtherSum");

    @TempDir
    Path dir;

    /** A repository with two committed tasks, two copy-on-fork findings each. */
    private Path twoCommittedTasks() {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        SourceTrees.write(src.resolve("demo/OtherSum.java"), OTHER_TASK);
        FixFixtures.commitAll(dir);
        return src;
    }

    private static List<JsonNode> findings(JsonNode report) {
        return StreamSupport.stream(report.path("findings").spliterator(), false).toList();
    }

    private static JsonNode json(Cli.Result result) throws IOException {
        return new ObjectMapper().readTree(result.out());
    }

    @Test
    void onlyTheEditedFilesFindingOnTheEditedLineIsReported() {
        Path src = twoCommittedTasks();
        String edited = "CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));";
        SourceTrees.write(src.resolve("demo/CopyingSum.java"),
                SourceTrees.COPYING_TASK.replace(edited, edited + " // the right half"));
        int line = SourceTrees.position(SourceTrees.COPYING_TASK, edited)[0];

        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", src.toString());

        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("CopyingSum.java (1 finding)"), result::toString);
        assertTrue(result.out().contains("CopyingSum.java:" + line + ":"), result::toString);
        assertFalse(result.out().contains("OtherSum.java"), result::toString);
        assertTrue(result.out().contains("1 finding on lines changed since HEAD; 3 others not shown\n"),
                result::toString);
    }

    @Test
    void aScanThroughASymbolicLinkMatchesGitsPaths() throws IOException {
        Path src = twoCommittedTasks();
        SourceTrees.write(src.resolve("demo/OtherSum.java"), "// a new first line\n" + OTHER_TASK);
        SourceTrees.write(src.resolve("demo/ThirdSum.java"),
                SourceTrees.COPYING_TASK.replace("CopyingSum", "ThirdSum"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir);

        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", link.resolve("src").toString());

        assertTrue(result.out().contains("ThirdSum.java (2 findings)"), result::toString);
        assertTrue(result.out().contains("2 findings on lines changed since HEAD; 4 others not shown"),
                result::toString);
    }

    @Test
    void aSingleFileArgumentIsFoundInItsWorkTree() {
        Path src = twoCommittedTasks();
        Path file = src.resolve("demo/OtherSum.java");
        String edited = "OtherSum left = new OtherSum(Arrays.copyOfRange(data, 0, mid));";
        SourceTrees.write(file, OTHER_TASK.replace(edited, edited + " // edited"));

        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", file.toString());

        assertTrue(result.out().contains("OtherSum.java (1 finding)"), result::toString);
        assertTrue(result.out().contains("1 finding on lines changed since HEAD; 1 other not shown"),
                result::toString);
    }

    @Test
    void withoutChangesNothingIsShownAndTheScanPasses() {
        Path src = twoCommittedTasks();
        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("0 findings on lines changed since HEAD; 4 others not shown"),
                result::toString);
    }

    @Test
    void aFindingWhoseCallPathStartsOnAChangedLineIsKept() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, FixFixtures.SLEEPY);
        FixFixtures.commitAll(dir);
        // The pause is on line 17; its call path starts at compute(), line 14, which is the line edited.
        String entry = "protected void compute() {";
        assertEquals(14, SourceTrees.position(FixFixtures.SLEEPY, entry)[0]);
        SourceTrees.write(file, FixFixtures.SLEEPY.replace(entry, entry + " // edited"));

        Cli.Result result = Cli.run("scan", "--quiet", "--format", "json", "--changed-since", "HEAD",
                dir.resolve("src").toString());

        List<JsonNode> findings = findings(json(result));
        assertEquals(1, findings.size(), result::toString);
        assertEquals("sleepy-worker", findings.get(0).path("ruleId").asText());
        assertEquals(17, findings.get(0).path("location").path("line").asInt());
        assertEquals("HEAD", json(result).path("changedSince").path("ref").asText());
        assertEquals(2, json(result).path("changedSince").path("notShown").asInt());
    }

    @Test
    void anUntrackedFileCountsAsChangedThroughout() throws IOException {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        FixFixtures.commitAll(dir);
        SourceTrees.write(src.resolve("demo/OtherSum.java"), OTHER_TASK);

        Cli.Result result = Cli.run("scan", "--quiet", "--format", "sarif", "--changed-since", "HEAD", src.toString());

        JsonNode run = json(result).path("runs").get(0);
        List<String> files = StreamSupport.stream(run.path("results").spliterator(), false)
                .map(r -> r.path("locations").get(0).path("physicalLocation").path("artifactLocation")
                        .path("uri").asText())
                .toList();
        assertEquals(List.of("src/demo/OtherSum.java", "src/demo/OtherSum.java"), files, result::toString);
        assertEquals("HEAD", run.path("properties").path("changedSince").path("ref").asText());
        assertEquals(2, run.path("properties").path("changedSince").path("notShown").asInt());
    }

    @Test
    void itComposesWithTheBaseline() {
        Path src = twoCommittedTasks();
        Path baseline = dir.resolve("baseline.json");
        Cli.run("scan", "--format", "json", "--output", baseline.toString(), src.toString());
        // A known finding's line is edited, and a new file brings two new findings.
        String known = "CopyingSum left = new CopyingSum(Arrays.copyOfRange(data, 0, mid));";
        SourceTrees.write(src.resolve("demo/CopyingSum.java"),
                SourceTrees.COPYING_TASK.replace(known, known + " // edited"));
        SourceTrees.write(src.resolve("demo/ThirdSum.java"),
                SourceTrees.COPYING_TASK.replace("CopyingSum", "ThirdSum"));

        Cli.Result result = Cli.run("scan", "--baseline", baseline.toString(), "--changed-since", "HEAD",
                src.toString());

        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("ThirdSum.java (2 findings)"), result::toString);
        assertFalse(result.out().contains("CopyingSum.java"), result::toString);
        assertTrue(result.out().contains("2 findings on lines changed since HEAD; 0 others not shown"),
                result::toString);
        assertTrue(result.err().contains("4 findings hidden by the baseline"), result::toString);
    }

    @Test
    void theHtmlReportSaysItIsFiltered() {
        Path src = twoCommittedTasks();
        SourceTrees.write(src.resolve("demo/OtherSum.java"), "// a new first line\n" + OTHER_TASK);

        Cli.Result result = Cli.run("scan", "--format", "html", "--changed-since", "HEAD", src.toString());

        assertTrue(result.out().contains(
                "<p class=\"meta\">0 findings on lines changed since HEAD; 4 others not shown"), result::toString);
        assertTrue(result.err().contains("fjdoctor: 0 findings on lines changed since HEAD; 4 others not shown"),
                result::toString);
    }

    @Test
    void anUnknownRevisionIsAUsageErrorWithGitsMessage() {
        Path src = twoCommittedTasks();
        Cli.Result result = Cli.run("scan", "--changed-since", "no-such-branch", src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("--changed-since no-such-branch:"), result::toString);
        assertTrue(result.err().contains("bad revision 'no-such-branch'"), result::toString);
        assertEquals("", result.out());
    }

    @Test
    void anOptionInPlaceOfARevisionIsRefused() {
        Path src = twoCommittedTasks();
        Cli.Result result = Cli.run("scan", "--changed-since=-p", src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("not a git revision"), result::toString);
    }

    @Test
    void outsideAGitWorkTreeIsAUsageError() {
        Path src = SourceTrees.withFindings(dir.resolve("src"));
        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("src is not in a git work tree"), result::toString);
        assertTrue(result.err().contains("not a git repository"), result::toString);
        assertEquals("", result.out());
    }

    @Test
    void whenGitCannotRunItIsAUsageError() {
        Path src = twoCommittedTasks();
        String missing = dir.resolve("no-such-dir/git").toString();
        System.setProperty(Git.EXECUTABLE_PROPERTY, missing);
        Cli.Result result;
        try {
            result = Cli.run("scan", "--changed-since", "HEAD", src.toString());
        } finally {
            System.clearProperty(Git.EXECUTABLE_PROPERTY);
        }
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("cannot run " + missing), result::toString);
        assertEquals("", result.out());
    }

    @Test
    void theRepositorysDiffDriversDoNotRun() throws IOException {
        Path src = twoCommittedTasks();
        // A scanned repository is untrusted: its textconv or external diff command must not run.
        Path marker = dir.resolve("ran");
        SourceTrees.write(dir.resolve(".gitattributes"), "*.java diff=evil\n");
        git(dir, "config", "diff.evil.textconv", "touch '" + marker + "' && cat");
        git(dir, "config", "diff.external", "touch '" + marker + "' && true");
        SourceTrees.write(src.resolve("demo/OtherSum.java"), OTHER_TASK + "// edited\n");

        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD", src.toString());

        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertFalse(Files.exists(marker), "a command the repository configures ran");
    }

    @Test
    void committedChangesSinceAnOlderRevisionCount() {
        Path src = twoCommittedTasks();
        String edited = "CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));";
        SourceTrees.write(src.resolve("demo/CopyingSum.java"),
                SourceTrees.COPYING_TASK.replace(edited, edited + " // committed"));
        git(dir, "commit", "-q", "-a", "-m", "edit");

        Cli.Result result = Cli.run("scan", "--changed-since", "HEAD~1", src.toString());

        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("1 finding on lines changed since HEAD~1; 3 others not shown"),
                result::toString);
    }
}
