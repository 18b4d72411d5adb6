package org.fjdoctor.cli.fix;

import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY;
import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY_FIXED;
import static org.fjdoctor.cli.testfixes.FixFixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.VanishingCopyFix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code fix} does when files cannot be written, and what it keeps of the files it replaces (issue 26). */
class FixWritesTest {

    @TempDir
    Path dir;

    /** Two copies of the fixture, {@code src/a/Sleepy.java} first and {@code src/b/Sleepy.java}: two fixes each. */
    private Path[] twoFiles(String firstText) {
        Path first = dir.resolve("src/a/Sleepy.java");
        Path second = dir.resolve("src/b/Sleepy.java");
        SourceTrees.write(first, firstText.replace("package demo;", "package a;"));
        SourceTrees.write(second, SLEEPY.replace("package demo;", "package b;"));
        return new Path[] {first, second};
    }

    @Test
    void aFileDeletedBeforeTheWriteIsReportedAndTheLaterFilesAreStillWritten() throws IOException {
        Path[] files = twoFiles(SLEEPY.replace("Sleepy left = new Sleepy(Arrays.copyOfRange(data, 0, mid));",
                        "Sleepy left = new Sleepy(Arrays.copyOfRange(data, 0, mid)); // " + VanishingCopyFix.MARK));
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.INTERNAL_ERROR, result.exit(), result::toString);
        assertTrue(result.out().startsWith("fjdoctor fix: applied 2 fixes in 1 file (2 lines added, 2 removed);"
                + " 1 file not written (listed below)\n"), result::toString);
        assertTrue(result.out().contains("  not written: " + files[0] + ": file no longer exists\n"), result::toString);
        assertFalse(Files.exists(files[0]));
        assertEquals(SLEEPY_FIXED.replace("package demo;", "package b;"), Files.readString(files[1]));
    }

    @Test
    void aReadOnlyFileIsLeftAloneAndReported() throws IOException {
        Path[] files = twoFiles(SLEEPY);
        Files.setPosixFilePermissions(files[0], PosixFilePermissions.fromString("r--r--r--"));
        byte[] before = bytes(files[0]);
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.INTERNAL_ERROR, result.exit(), result::toString);
        assertTrue(result.out().startsWith("fjdoctor fix: applied 2 fixes in 1 file (2 lines added, 2 removed);"
                + " 1 file not written (listed below)\n  copy-on-fork: 2 fixes\n"), result::toString);
        assertTrue(result.out().contains("  not written: " + files[0] + ": read-only\n"), result::toString);
        assertArrayEquals(before, bytes(files[0]));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(files[0])));
        assertEquals(SLEEPY_FIXED.replace("package demo;", "package b;"), Files.readString(files[1]));
    }

    @Test
    void whenNoFileIsWrittenTheHeadlineCountsNoFix() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, SLEEPY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r-----"));
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.INTERNAL_ERROR, result.exit(), result::toString);
        assertTrue(result.out().startsWith("fjdoctor fix: no fixes applied; 1 file not written (listed below)\n"),
                result::toString);
        assertFalse(result.out().contains("copy-on-fork: 2 fixes"), result::toString);
        assertEquals(SLEEPY, Files.readString(file));
    }

    /**
     * Root fixing someone else's file must leave it theirs. Without root the file cannot be given away
     * first, and the check is that the owner stays the one it had.
     */
    @Test
    void aReplacedFileKeepsItsOwnerGroupAndPermissions() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, SLEEPY);
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        UserPrincipalLookupService users = file.getFileSystem().getUserPrincipalLookupService();
        try {
            UserPrincipal other = users.lookupPrincipalByName("4242");
            GroupPrincipal otherGroup = users.lookupPrincipalByGroupName("4343");
            view.setOwner(other);
            view.setGroup(otherGroup);
        } catch (IOException notRoot) {
            // the file stays the caller's own
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
        PosixFileAttributes before = view.readAttributes();

        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals(SLEEPY_FIXED, Files.readString(file));
        PosixFileAttributes after = Files.getFileAttributeView(file, PosixFileAttributeView.class).readAttributes();
        assertEquals(before.owner(), after.owner());
        assertEquals(before.group(), after.group());
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(after.permissions()));
    }
}
