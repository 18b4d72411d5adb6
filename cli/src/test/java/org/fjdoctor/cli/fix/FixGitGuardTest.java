package org.fjdoctor.cli.fix;

import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY;
import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY_FIXED;
import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Supplier;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;
import org.fjdoctor.reports.Git;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uncommitted-changes guard of {@code fix} when git cannot answer, and git commands that run nothing
 * the repository configures (issue 26).
 */
class FixGitGuardTest {

    @TempDir
    Path dir;

    private Path committedSleepy() {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, SLEEPY);
        FixFixtures.commitAll(dir);
        return file;
    }

    /** Runs {@code action} with {@code executable} as fjdoctor's git. */
    private static <T> T withGit(String executable, Supplier<T> action) {
        System.setProperty(Git.EXECUTABLE_PROPERTY, executable);
        try {
            return action.get();
        } finally {
            System.clearProperty(Git.EXECUTABLE_PROPERTY);
        }
    }

    private void assertRefusedThenForced(Path file, String executable, String reason) throws IOException {
        String src = dir.resolve("src").toString();
        Cli.Result refused = withGit(executable, () -> Cli.run("fix", "--quiet", src));
        assertEquals(ExitCodes.USAGE, refused.exit(), refused::toString);
        assertTrue(refused.err().contains("refusing to change files in a git work tree that git cannot check"),
                refused::toString);
        assertTrue(refused.err().contains("  " + file + " ("), refused::toString);
        assertTrue(refused.err().contains(reason), refused::toString);
        assertEquals(SLEEPY, Files.readString(file));

        Cli.Result forced = withGit(executable, () -> Cli.run("fix", "--quiet", "--force", src));
        assertEquals(ExitCodes.OK, forced.exit(), forced::toString);
        assertEquals(SLEEPY_FIXED, Files.readString(file));
    }

    @Test
    void withoutGitAWorkTreeIsRefusedUnlessForced() throws IOException {
        Path file = committedSleepy();
        String missing = dir.resolve("no-such-dir/git").toString();
        assertRefusedThenForced(file, missing, "cannot run " + missing);
    }

    @Test
    void aDamagedGitDirectoryIsRefusedUnlessForced() throws IOException {
        Path file = dir.resolve("src/demo/Sleepy.java");
        SourceTrees.write(file, SLEEPY);
        Files.writeString(dir.resolve(".git"), "gitdir: " + dir.resolve("gone") + "\n");
        assertRefusedThenForced(file, "git", "(git: fatal: not a git repository");
    }

    /** A repository owned by another user: git refuses it (here a stand-in git says what git says then). */
    @Test
    void aRepositoryOfDubiousOwnershipIsRefusedUnlessForced() throws IOException {
        Path file = committedSleepy();
        Path fake = dir.resolve("bin/git");
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "#!/bin/sh\necho \"fatal: detected dubious ownership in repository at '$PWD'\" >&2\n"
                + "exit 128\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertRefusedThenForced(file, fake.toString(), "(git: fatal: detected dubious ownership");
    }

    @Test
    void theRepositorysFsmonitorCommandDoesNotRun() throws IOException {
        Path file = committedSleepy();
        Path marker = dir.resolve("fsmonitor-ran");
        Path monitor = writeScript(dir.resolve("monitor.sh"), marker);
        git(dir, "config", "core.fsmonitor", monitor.toString());
        git(dir, "add", "monitor.sh");
        git(dir, "commit", "-q", "-m", "monitor");
        Files.deleteIfExists(marker); // the test's own git commands ran it

        Cli.Result result = Cli.run("fix", "--quiet", dir.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals(SLEEPY_FIXED, Files.readString(file));
        assertFalse(Files.exists(marker), "fjdoctor's git status ran the repository's core.fsmonitor command");
    }

    @Test
    void noHookRunsAndNoPagerEditorOrCredentialHelperIsUsed() throws IOException {
        committedSleepy();
        Path marker = dir.resolve("hook-ran");
        Path hooks = Files.createDirectories(dir.resolve("hooks"));
        for (String hook : new String[] {"pre-commit", "commit-msg", "post-commit", "post-checkout"}) {
            writeScript(hooks.resolve(hook), marker);
        }
        git(dir, "config", "core.hooksPath", hooks.toString());
        git(dir, "config", "credential.helper", "store");
        git(dir, "config", "core.pager", "less");
        git(dir, "config", "core.editor", "vi");

        Git repo = new Git(dir);
        Files.writeString(dir.resolve("src/demo/Note.txt"), "note\n");
        repo.run("add", "src/demo/Note.txt");
        Git.Result commit = repo.run("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "note");
        assertTrue(commit.ok(), commit::message);
        repo.run("checkout", "-q", "-b", "other");
        assertFalse(Files.exists(marker), "a repository hook ran");
        assertEquals("", repo.run("config", "--get-all", "credential.helper").out().lines()
                .reduce((first, last) -> last).orElse("").strip(), "the last credential helper is the empty reset");
        assertEquals("cat", repo.run("var", "GIT_PAGER").out().strip());
        assertEquals("true", repo.run("var", "GIT_EDITOR").out().strip());
    }

    private static Path writeScript(Path script, Path marker) throws IOException {
        Files.writeString(script, "#!/bin/sh\ntouch '" + marker + "'\nexit 0\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
