package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scanned repository is untrusted: no command it configures runs when fjdoctor asks git something. */
class GitTest {

    @TempDir
    Path dir;

    @Test
    void filterAndDiffDriversOfTheRepositoryNeverRun() throws IOException {
        Path marker = dir.resolve("marker");
        Git git = new Git(dir);
        git.check("init", "-q");
        git.check("config", "user.email", "t@example.org");
        git.check("config", "user.name", "t");
        String touch = "sh -c 'touch " + marker + "; cat'";
        git.check("config", "filter.Evil.clean", touch);
        git.check("config", "filter.Evil.smudge", touch);
        git.check("config", "filter.Evil.required", "true");
        git.check("config", "diff.evil.textconv", "sh -c 'touch " + marker + "; cat \"$0\"'");
        Files.writeString(dir.resolve(".gitattributes"), "*.java filter=Evil diff=evil\n");
        Files.writeString(dir.resolve("A.java"), "class A {}\n");
        git.check("add", "A.java", ".gitattributes");
        git.check("commit", "-q", "-m", "one");
        Files.deleteIfExists(marker); // the add above ran the filter through our own options only if broken

        Files.writeString(dir.resolve("A.java"), "class A { int x; }\n");
        Git.Result status = git.run("status", "--porcelain");
        Git.Result diff = git.run(List.of("diff", "HEAD"));

        assertTrue(status.ok(), status.err());
        assertEquals(" M A.java", status.out().lines().findFirst().orElse(""));
        assertTrue(diff.ok(), diff.err());
        assertTrue(diff.out().contains("+class A { int x; }"), diff.out());
        assertFalse(Files.exists(marker), "a filter or diff driver of the repository ran");
    }
}
