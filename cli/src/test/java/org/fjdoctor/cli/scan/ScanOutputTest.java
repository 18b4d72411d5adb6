package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code scan --output} writes, and what it must never replace (issue 26). */
class ScanOutputTest {

    @TempDir
    Path dir;

    private Path src() {
        return SourceTrees.withFindings(dir.resolve("src"));
    }

    @Test
    void aScannedSourceFileIsNeverReplacedByTheReport() throws IOException {
        Path src = src();
        Path source = src.resolve("demo/CopyingSum.java");
        Cli.Result result = Cli.run("scan", "--format", "json", "-o", source.toString(), src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("--output " + source + " is a source file under the input " + src),
                result::toString);
        assertEquals(SourceTrees.COPYING_TASK, Files.readString(source));
    }

    @Test
    void aScannedFileReachedThroughALinkIsAnInputToo() throws IOException {
        Path source = src().resolve("demo/CopyingSum.java");
        Path link = Files.createSymbolicLink(dir.resolve("report.json"), source);
        Cli.Result result = Cli.run("scan", "-o", link.toString(), source.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("is the input " + source), result::toString);
        assertEquals(SourceTrees.COPYING_TASK, Files.readString(source));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void theBaselineIsAnInput() throws IOException {
        Path src = src();
        Path baseline = dir.resolve("baseline.json");
        assertEquals(ExitCodes.OK, Cli.run("scan", "--format", "json", "--fail-on", "none", "-o", baseline.toString(),
                src.toString()).exit());
        String recorded = Files.readString(baseline);
        Cli.Result result = Cli.run("scan", "--format", "json", "-b", baseline.toString(), "-o", baseline.toString(),
                src.toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertEquals(recorded, Files.readString(baseline));
    }

    @Test
    void aLinkIsWrittenThroughAndStaysALink() throws IOException {
        Path target = Files.createDirectories(dir.resolve("reports")).resolve("latest.txt");
        Files.writeString(target, "old report");
        Path link = Files.createSymbolicLink(dir.resolve("report.txt"), Path.of("reports/latest.txt"));
        Cli.Result result = Cli.run("scan", "-o", link.toString(), src().toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertTrue(Files.readString(target).contains("[copy-on-fork]"), "its target holds the report");
    }

    @Test
    void aDanglingLinkGetsItsTargetCreated() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("report.txt"), dir.resolve("latest.txt"));
        Cli.Result result = Cli.run("scan", "-o", link.toString(), src().toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.readString(dir.resolve("latest.txt")).contains("[copy-on-fork]"));
    }

    @Test
    void dashAndDevStdoutAreStandardOutput() {
        String src = src().toString();
        for (String stdout : new String[] {"-", "/dev/stdout"}) {
            Cli.Result result = Cli.run("scan", "-o", stdout, src);
            assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
            assertTrue(result.out().contains("[copy-on-fork]"), result::toString);
            assertTrue(Files.isSymbolicLink(Path.of("/dev/stdout")) || !Files.isRegularFile(Path.of("/dev/stdout")));
        }
        assertFalse(Files.exists(Path.of("-"), LinkOption.NOFOLLOW_LINKS), "no file named '-' written");
    }

    @Test
    void aDeviceIsWrittenIntoAndAFullDiskIsSaidPlainly() {
        Cli.Result result = Cli.run("scan", "-o", "/dev/full", src().toString());
        assertEquals(ExitCodes.INTERNAL_ERROR, result.exit(), result::toString);
        assertTrue(result.err().contains("cannot write the report to /dev/full: no space left on device"),
                result::toString);
        assertFalse(Files.isRegularFile(Path.of("/dev/full")), "the device is still a device");
    }

    @Test
    void aReadOnlyReportFileIsLeftAlone() throws IOException {
        Path report = Files.writeString(dir.resolve("report.txt"), "kept");
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("r--r--r--"));
        Cli.Result result = Cli.run("scan", "-o", report.toString(), src().toString());
        assertEquals(ExitCodes.INTERNAL_ERROR, result.exit(), result::toString);
        assertTrue(result.err().contains("cannot write the report to " + report + ": read-only"), result::toString);
        assertEquals("kept", Files.readString(report));
    }

    @Test
    void commandsWritingADirectoryRefuseStandardOutput() {
        Cli.Result result = Cli.run("docs", "-o", "-");
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("--output needs a directory"), result::toString);
        assertFalse(Files.exists(Path.of("-"), LinkOption.NOFOLLOW_LINKS), "no directory named '-' written");
    }
}
