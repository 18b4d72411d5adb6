package org.fjdoctor.cli.fix;

import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY;
import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY_FIXED;
import static org.fjdoctor.cli.testfixes.FixFixtures.bytes;
import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixCommandTest {

    @TempDir
    Path dir;

    private Path sleepy() {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, SLEEPY);
        return file;
    }

    @Test
    void dryRunPrintsAUnifiedDiffAndWritesNothing() {
        Path file = sleepy();
        byte[] before = bytes(file);
        Cli.Result result = Cli.run("fix", "--dry-run", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        String path = "demo/Sleepy.java"; // outside git: below the scanned root
        assertTrue(result.out().startsWith("diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/"
                + path + "\n@@ -21,8 +21,8 @@\n"), result::toString);
        assertTrue(result.out().contains("\n-        Sleepy left = new Sleepy(Arrays.copyOfRange(data, 0, mid));\n"
                + "-        Sleepy right = new Sleepy(Arrays.copyOfRange(data, mid, data.length));\n"
                + "+        Sleepy left = new Sleepy(java.util.Arrays.copyOfRange(data, 0, mid));\n"), result::toString);
        assertTrue(result.err().contains("would apply 2 fixes in 1 file (2 lines added, 2 removed)"), result::toString);
        assertTrue(result.err().contains("copy-on-fork: 2 fixes"), result::toString);
        assertArrayEquals(before, bytes(file));
    }

    @Test
    void writesInPlaceKeepingPermissionsLatin1AndCrlfAndASecondRunChangesNothing() throws IOException {
        String latin1 = SLEEPY.replace("public class Sleepy", "// Größe und Maß\npublic class Sleepy")
                .replace("\n", "\r\n");
        Path file = dir.resolve("src/demo/Sleepy.java");
        Files.createDirectories(file.getParent());
        Files.write(file, latin1.getBytes(StandardCharsets.ISO_8859_1));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("applied 2 fixes in 1 file (2 lines added, 2 removed)"), result::toString);
        assertTrue(result.out().contains("needs review (1)"), result::toString);
        assertTrue(result.out().contains("Sleepy.java:18:17 [sleepy-worker] Mark the sleep for review"), result::toString);
        byte[] expected = latin1.replace("new Sleepy(Arrays.", "new Sleepy(java.util.Arrays.")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertArrayEquals(expected, bytes(file));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var listing = Files.list(file.getParent())) {
            assertEquals(1, listing.count(), "no temporary file left behind");
        }

        Cli.Result again = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, again.exit(), again::toString);
        assertTrue(again.out().startsWith("fjdoctor fix: no fixes applied"), again::toString);
        assertArrayEquals(expected, bytes(file));
    }

    @Test
    void keepsAUtf8ByteOrderMark() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        Files.createDirectories(file.getParent());
        byte[] text = SLEEPY.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        Files.write(file, withBom);
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        byte[] written = bytes(file);
        assertEquals((byte) 0xEF, written[0]);
        assertEquals(SLEEPY_FIXED, new String(written, 3, written.length - 3, StandardCharsets.UTF_8));
    }

    @Test
    void reviewFixesOnlyWithIncludeReview() throws IOException {
        Path file = sleepy();
        Cli.Result safeOnly = Cli.run("fix", "--quiet", "--dry-run", dir.resolve("src").toString());
        assertFalse(safeOnly.out().contains(FixFixtures.REVIEW_MARK), safeOnly::toString);
        assertTrue(safeOnly.err().contains("apply with --include-review"), safeOnly::toString);

        Cli.Result result = Cli.run("fix", "--quiet", "--include-review", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("applied 3 fixes"), result::toString);
        assertTrue(result.out().contains("sleepy-worker: 1 fix"), result::toString);
        String text = Files.readString(file);
        assertTrue(text.contains(FixFixtures.REVIEW_MARK + "Thread.sleep(pause());"), text);
        assertTrue(text.contains("java.util.Arrays.copyOfRange(data, 0, mid)"), text);
    }

    @Test
    void aSleepingCorpusTaskGetsTheSafeManagedBlockOfItsGolden() throws IOException {
        Path file = dir.resolve("src/SleepForResult.java");
        SourceTrees.write(file, Files.readString(Path.of(
                "../corpus/src/main/java/corpus/sleepyworker/positive/sleepforresult/SleepForResult.java")));
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("sleepy-worker: 1 fix"), result::toString);
        assertEquals(Files.readString(Path.of("../corpus/golden/sleepyworker/sleepforresult/SleepForResult.java.after")),
                Files.readString(file));
    }

    @Test
    void twoFindingsRemovedByOneFixAreNotReportedAsOverlapping() throws IOException {
        // SquareMap concatenates both halves' results: two copy-on-join findings whose fixes are the same edits.
        Path file = dir.resolve("src/SquareMap.java");
        SourceTrees.write(file, Files.readString(Path.of(
                "../corpus/src/main/java/corpus/copyonjoin/positive/squaremap/SquareMap.java")));
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("copy-on-join: 1 fix"), result::toString);
        assertTrue(result.out().contains("and 1 further finding removed by the same edits"), result::toString);
        assertFalse(result.out().contains("overlaps another fix"), result::toString);
        assertEquals(Files.readString(Path.of("../corpus/golden/copyonjoin/squaremap/SquareMap.java.after")),
                Files.readString(file));
    }

    @Test
    void rulesRestrictWhatIsFixed() throws IOException {
        Path file = sleepy();
        Cli.Result result = Cli.run("fix", "--quiet", "--include-review", "--rules", "FJ6", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        String text = Files.readString(file);
        assertTrue(text.contains(FixFixtures.REVIEW_MARK), text);
        assertFalse(text.contains("java.util.Arrays.copyOfRange"), text);
    }

    @Test
    void refusesFilesWithUncommittedChangesUnlessForced() throws IOException {
        Path file = sleepy();
        FixFixtures.commitAll(dir);
        Files.writeString(file, SLEEPY + "// local edit\n");
        byte[] dirty = bytes(file);

        Cli.Result refused = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.USAGE, refused.exit(), refused::toString);
        assertTrue(refused.err().contains("uncommitted changes"), refused::toString);
        assertTrue(refused.err().contains("demo/Sleepy.java"), refused::toString);
        assertArrayEquals(dirty, bytes(file));

        Cli.Result forced = Cli.run("fix", "--quiet", "--force", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, forced.exit(), forced::toString);
        assertEquals(SLEEPY_FIXED + "// local edit\n", Files.readString(file));
    }

    @Test
    void committedFilesInAGitWorkTreeAreFixed() throws IOException {
        Path file = sleepy();
        FixFixtures.commitAll(dir);
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals(SLEEPY_FIXED, Files.readString(file));
        assertTrue(git(dir, "status", "--porcelain").contains("Sleepy.java"));
    }

    @Test
    void aFixWhoseResultDoesNotParseIsNotApplied() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        String marked = SLEEPY.replace("Arrays.copyOfRange(data, 0, mid));", "Arrays.copyOfRange(data, 0, mid)); // break-me");
        SourceTrees.write(file, marked);
        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("applied 1 fix in 1 file"), result::toString);
        assertTrue(result.out().contains("failed verification (1)"), result::toString);
        assertTrue(result.out().contains("Break the copy: " + dir.resolve("src") + "/demo/Sleepy.java the rewritten file"
                + " does not parse"), result::toString);
        assertEquals(marked.replace("new Sleepy(Arrays.copyOfRange(data, mid", "new Sleepy(java.util.Arrays.copyOfRange(data, mid"),
                Files.readString(file));
    }

    @Test
    void withAClasspathChangedFilesAreCompiled() throws IOException {
        sleepy();
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Cli.Result result = Cli.run("fix", "--quiet", "--classpath", classes.toString(), dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("re-parsed; compiled with javac against the classpath"), result::toString);
    }

    @Test
    void aFixThatDoesNotCompileIsNotApplied() throws IOException {
        // Qualifying the call is wrong when a local class named 'java' shadows the package.
        Path file = dir.resolve("src/demo/Sleepy.java");
        String shadowed = SLEEPY.replace("    public static void main", "    static class java {\n    }\n\n    public static void main");
        SourceTrees.write(file, shadowed);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Cli.Result result = Cli.run("fix", "--quiet", "--classpath", classes.toString(), dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("no fixes applied"), result::toString);
        assertTrue(result.out().contains("does not compile"), result::toString);
        assertEquals(shadowed, Files.readString(file));
    }

    @Test
    void unknownRuleIsAUsageError() {
        sleepy();
        Cli.Result result = Cli.run("fix", "--rules", "nope", dir.resolve("src").toString());
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
    }

    /** Regression (issue 12): a Java 6 project (Eclipse settings) got a SAFE managed block capturing a non-final local. */
    @Test
    void theProjectsJavaLevelComesFromItsBuildAndLimitsTheFixes() throws IOException {
        SourceTrees.write(dir.resolve("project/.settings/org.eclipse.jdt.core.prefs"),
                "org.eclipse.jdt.core.compiler.source=1.6\n");
        SourceTrees.write(dir.resolve("project/src/p/Pause.java"), """
                package p;

                import java.util.concurrent.RecursiveAction;

                class Pause extends RecursiveAction {
                    private final int n;

                    Pause(int n) {
                        this.n = n;
                    }

                    @Override
                    protected void compute() {
                        long delay = n * 2L;
                        try {
                            Thread.sleep(delay);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """);
        String src = dir.resolve("project/src").toString();
        Cli.Result detected = Cli.run("fix", "--dry-run", src);
        assertEquals(ExitCodes.OK, detected.exit(), detected::toString);
        assertTrue(detected.err().contains("Java level 6, from .settings/org.eclipse.jdt.core.prefs at "
                + dir.resolve("project") + " (org.eclipse.jdt.core.compiler.source = 1.6)"), detected::toString);
        // Java 6: an anonymous ManagedBlocker may capture only final locals, so the local is declared final
        assertTrue(detected.out().contains("+        final long delay = n * 2L;"), detected::toString);
        assertTrue(detected.out().contains("managedBlock"), detected::toString);
        assertTrue(detected.err().contains("verified at Java 6"), detected::toString);

        Cli.Result explicit = Cli.run("fix", "--dry-run", "--quiet", "--java-level", "17", src);
        assertTrue(explicit.out().contains("managedBlock"), explicit::toString);
        assertFalse(explicit.out().contains("final long delay"), explicit::toString);
        assertTrue(explicit.err().contains("verified at Java 17"), explicit::toString);
    }

    /** The dry run's diff names files below the git work tree's top, so `git apply` works there. */
    @Test
    void dryRunDiffAppliesWithGitFromTheWorkTreesTop() throws IOException {
        Path repo = dir.resolve("repo");
        SourceTrees.write(repo.resolve("module/src/demo/Sleepy.java"), SLEEPY);
        git(repo, "init", "-q");
        git(repo, "add", ".");
        git(repo, "commit", "-q", "-m", "original");
        Cli.Result result = Cli.run("fix", "--dry-run", "--quiet", repo.resolve("module/src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().startsWith("diff --git a/module/src/demo/Sleepy.java b/module/src/demo/Sleepy.java\n"),
                result::toString);
        Path patch = dir.resolve("fix.patch");
        Files.writeString(patch, result.out());
        git(repo, "apply", patch.toString());
        assertEquals(SLEEPY_FIXED, Files.readString(repo.resolve("module/src/demo/Sleepy.java")));
    }

    @Test
    void neverFollowsASymbolicLinkOutOfThePathsNorWritesThere() throws IOException {
        Path outside = dir.resolve("outside/demo/Sleepy.java");
        SourceTrees.write(outside, SLEEPY);
        Files.createDirectories(dir.resolve("root"));
        Files.createSymbolicLink(dir.resolve("root/demo"), dir.resolve("outside/demo"));
        Cli.Result result = Cli.run("fix", dir.resolve("root").toString());
        // The only Java file lies behind the link: nothing under the given path may be analyzed or fixed.
        assertEquals(ExitCodes.USAGE, result.exit(), result::toString);
        assertTrue(result.err().contains("nothing to fix"), result::toString);
        assertEquals(SLEEPY, Files.readString(outside));
    }
}
