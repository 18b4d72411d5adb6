package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanCommandTest {

    @TempDir
    Path dir;

    private String findings() {
        return SourceTrees.withFindings(dir.resolve("src")).toString();
    }

    private String clean() {
        return SourceTrees.clean(dir.resolve("src")).toString();
    }

    @Test
    void findingsAtTheDefaultLevelFail() {
        Cli.Result result = Cli.run("scan", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
    }

    @Test
    void failOnWarningFailsOnWarnings() {
        Cli.Result result = Cli.run("scan", "--fail-on", "warning", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
    }

    @Test
    void failOnNoneNeverFails() {
        Cli.Result result = Cli.run("scan", "--fail-on", "none", findings());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("[copy-on-fork]"), result::toString);
    }

    @Test
    void failOnErrorIgnoresWarnings() {
        Cli.Result result = Cli.run("scan", "--fail-on", "ERROR", findings());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
    }

    @Test
    void aCleanTreePasses() {
        Cli.Result result = Cli.run("scan", clean());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        // The report's last line is the summary (the settings that applied come before it).
        assertTrue(result.out().lines().reduce((a, b) -> b).orElse("").startsWith("no findings"), result::toString);
    }

    @Test
    void unknownRuleIsAUsageError() {
        Cli.Result result = Cli.run("scan", "--rules", "copy-on-fork,no-such-rule", clean());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("unknown rule 'no-such-rule'"), result::toString);
        assertEquals("", result.out());
    }

    @Test
    void missingPathIsAUsageError() {
        Cli.Result result = Cli.run("scan");
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("PATH"), result::toString);
    }

    @Test
    void nonexistentPathIsAUsageError() {
        Cli.Result result = Cli.run("scan", dir.resolve("nowhere").toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("no such file or directory"), result::toString);
    }

    /** A file named on its own that is not Java source is not "1 file scanned". */
    @Test
    void anExplicitFileThatIsNotJavaIsAUsageError() throws IOException {
        Path passwd = Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        for (String command : new String[] {"scan", "fix"}) {
            Cli.Result result = Cli.run(command, passwd.toString());
            assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
            assertTrue(result.err().contains("not a .java file: " + passwd), result::toString);
            assertFalse(result.out().contains("scanned"), result::toString);
        }
    }

    /** On Linux a backslash is part of a file name, not a separator: the file keeps its name and its findings. */
    @Test
    void aFileWithABackslashInItsNameIsAnalyzed() {
        Path src = dir.resolve("src");
        SourceTrees.write(src.resolve("demo/a b\\c.java"), SourceTrees.COPYING_TASK
                .replace("public class CopyingSum", "class Back").replace("CopyingSum", "Back"));
        Cli.Result result = Cli.run("scan", "--quiet", src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("2 findings (copy-on-fork: 2)"), result::toString);
        assertTrue(result.out().contains(src.resolve("demo/a b\\c.java") + ":23:"), result::toString);
    }

    @Test
    void unknownOptionAndFormatAreUsageErrors() {
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--no-such-option", clean()).exit());
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--format", "xml", clean()).exit());
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--fail-on", "sometimes", clean()).exit());
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--depth", "-1", clean()).exit());
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--max-file-size", "lots", clean()).exit());
        assertEquals(ExitCodes.USAGE, Cli.run("scan", "--java-level", "4", clean()).exit());
        Cli.Result charset = Cli.run("scan", "--encoding", "no-such-charset", clean());
        assertEquals(ExitCodes.USAGE, charset.exit());
        assertTrue(charset.err().contains("unknown charset 'no-such-charset'"), charset::toString);
        assertFalse(charset.err().contains("Exception"), charset::toString);
    }

    @Test
    void nothingToAnalyzeIsAUsageError() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.Result none = Cli.run("scan", empty.toString());
        assertEquals(ExitCodes.USAGE, none.exit(), none::toString);
        assertTrue(none.err().contains("nothing to analyze: no .java files under " + empty), none::toString);

        Files.write(empty.resolve("Binary.java"), new byte[] {1, 0, 2, 0});
        Cli.Result unusable = Cli.run("scan", empty.toString());
        assertEquals(ExitCodes.USAGE, unusable.exit(), unusable::toString);
        assertTrue(unusable.err().contains("none of the 1 .java files under " + empty + " could be used"),
                unusable::toString);
        assertTrue(unusable.out().contains("Binary.java: binary"), "the report still says why: " + unusable);

        Cli.Result fix = Cli.run("fix", "--quiet", empty.toString());
        assertEquals(ExitCodes.USAGE, fix.exit(), fix::toString);
        assertTrue(fix.err().contains("nothing to fix: no .java file under " + empty + " could be read"), fix::toString);
    }

    /** Records and text blocks at the default-for-old-code level 11 are not broken code: say which level reads them. */
    @Test
    void syntaxThatANewerJavaAcceptsNamesTheJavaLevel() {
        SourceTrees.write(dir.resolve("modern/demo/Modern.java"), """
                package demo;

                public class Modern {
                    record Point(int x, int y) {
                    }

                    static String text() {
                        return \"""
                            hello
                            \""";
                    }
                }
                """);
        SourceTrees.write(dir.resolve("broken/demo/Broken.java"), "package demo;\n\nclass Broken {\n    void f( {\n}\n");
        Cli.Result result = Cli.run("scan", "--full", "--java-level", "11", dir.resolve("modern").toString());
        String problems = result.out().replace("\n        ", " ");
        assertTrue(problems.contains("Modern.java: syntax-error: ") && problems.contains("scan with --java-level 17"),
                result::toString);
        Cli.Result broken = Cli.run("scan", "--full", "--java-level", "11", dir.resolve("broken").toString());
        assertTrue(broken.out().contains("Broken.java: syntax-error: "), broken::toString);
        assertFalse(broken.out().contains("scan with --java-level"), broken::toString);
        assertEquals(ExitCodes.OK, Cli.run("scan", "--full", "--java-level", "17", dir.resolve("modern/demo/Modern.java")
                .toString()).exit());
    }

    @Test
    void outIsAnAliasOfOutput() throws IOException {
        Path report = dir.resolve("out.json");
        Cli.Result result = Cli.run("scan", "--quiet", "--format", "json", "--out", report.toString(), findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(Files.readString(report).contains("\"copy-on-fork\""));
    }

    @Test
    void textReportShowsLocationsRuleAndRelatedLocations() {
        String root = findings();
        Cli.Result result = Cli.run("scan", root);
        String path = root + "/demo/CopyingSum.java";
        int[] copy = SourceTrees.position(SourceTrees.COPYING_TASK, "Arrays.copyOfRange(data, 0, mid)");
        int[] subtask = SourceTrees.position(SourceTrees.COPYING_TASK, "new CopyingSum(Arrays.copyOfRange(data, 0");
        String[] lines = result.out().split("\n");
        assertEquals(path + " (2 findings)", lines[0], result::toString);
        assertTrue(lines[1].startsWith(path + ":" + copy[0] + ":" + copy[1] + ": warning [copy-on-fork] "), result::toString);
        // The message may wrap onto lines indented by 8; the related location follows, indented by 4.
        int related = 2;
        while (lines[related].startsWith("        ")) {
            related++;
        }
        assertTrue(lines[related].startsWith("    " + path + ":" + subtask[0] + ":" + subtask[1] + ": "), result::toString);
        // The summary, then a blank line and what to do next.
        String summary = lines[List.of(lines).indexOf("Next:") - 2];
        assertTrue(summary.startsWith("2 findings (copy-on-fork: 2)"), summary);
        assertTrue(summary.contains("2 files scanned"), summary);
        assertFalse(result.out().contains("RangeSum.java"), result::toString);
    }

    @Test
    void fileProblemsAreListedButDoNotFail() throws IOException {
        String root = clean();
        Files.write(dir.resolve("src/demo/Binary.java"), new byte[] {'a', 0, 'b', 0});
        Cli.Result result = Cli.run("scan", root);
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains(root + "/demo/Binary.java: binary: "), result::toString);
        assertTrue(result.out().contains("1 file problem"), result::toString);
    }

    @Test
    void outputWritesTheFileAndNothingToStdout() throws IOException {
        Path report = dir.resolve("report.txt");
        Cli.Result result = Cli.run("scan", "--output", report.toString(), findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertEquals("", result.out());
        assertTrue(Files.readString(report).contains("[copy-on-fork]"));
        assertTrue(result.err().contains("report written to " + report), result::toString);
    }

    @Test
    void outputIntoAMissingDirectoryIsAUsageError() {
        Cli.Result result = Cli.run("scan", "--output", dir.resolve("no/such/dir/r.txt").toString(), clean());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
    }

    @Test
    void rulesSelectsByCode() {
        Cli.Result result = Cli.run("scan", "--rules", "FJ1", "--format", "json", findings());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("\"id\" : \"centralized-pooling\""), result::toString);
        assertFalse(result.out().contains("copy-on-fork"), result::toString);
    }

    @Test
    void rulesSelectsById() {
        Cli.Result result = Cli.run("scan", "--rules", "copy-on-fork", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
    }

    @Test
    void optionsReachTheAnalyzer() {
        Cli.Result result = Cli.run("scan", "--full", "--depth", "2", "--max-file-size", "1m", "--encoding", "UTF-8",
                "--java-level", "1.8", "--quiet", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("(2 modeled)"), result::toString);
    }

    @Test
    void tooLargeFilesAreSkipped() {
        Cli.Result result = Cli.run("scan", "--max-file-size", "760", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("RangeSum.java: too-large: "), result::toString);
        // With every file too large nothing is left to analyze: a usage error, not a clean result.
        Cli.Result none = Cli.run("scan", "--max-file-size", "10", dir.resolve("src").toString());
        assertEquals(ExitCodes.USAGE, none.exit(), none::toString);
        assertTrue(none.out().contains(": too-large: "), none::toString);
    }

    @Test
    void missingClasspathEntriesAreSkippedWithAWarning() {
        Cli.Result result = Cli.run("scan", "--classpath", dir.resolve("missing.jar") + java.io.File.pathSeparator
                + dir, findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.err().contains("warning: classpath entry " + dir.resolve("missing.jar")), result::toString);
    }

    @Test
    void mavenWithoutAPomWarnsAndGoesOn() {
        Cli.Result result = Cli.run("scan", "--maven", findings());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.err().contains("none of the scanned paths contains a pom.xml"), result::toString);
    }

    @Test
    void quietScansPrintNothingOnStderr() {
        Cli.Result result = Cli.run("scan", "--quiet", findings());
        assertEquals("", result.errBesidesProgress());
    }
}
