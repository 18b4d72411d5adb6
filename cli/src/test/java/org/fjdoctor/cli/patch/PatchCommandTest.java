package org.fjdoctor.cli.patch;

import static org.fjdoctor.cli.testfixes.FixFixtures.SLEEPY;
import static org.fjdoctor.cli.testfixes.FixFixtures.bytes;
import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PatchCommandTest {

    @TempDir
    Path dir;

    private Path repo() {
        Path repo = dir.resolve("repo");
        SourceTrees.write(repo.resolve("src/main/java/demo/Sleepy.java"), SLEEPY);
        SourceTrees.write(repo.resolve("README.md"), "# demo\n");
        FixFixtures.commitAll(repo);
        return repo;
    }

    private static List<Path> patches(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
    }

    @Test
    void oneCommitPerRuleAsPatchesThatApplyAndCompile() throws IOException {
        Path repo = repo();
        Path source = repo.resolve("src/main/java/demo/Sleepy.java");
        String head = git(repo, "rev-parse", "HEAD");
        String branches = git(repo, "branch", "--list", "--all");
        byte[] original = bytes(source);
        Path out = dir.resolve("out");

        Cli.Result result = Cli.run("patch", "--quiet", "--include-review", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);

        // The user's repository: same commit, same branches, clean work tree, same bytes.
        assertEquals(head, git(repo, "rev-parse", "HEAD"));
        assertEquals(branches, git(repo, "branch", "--list", "--all"));
        assertEquals("", git(repo, "status", "--porcelain"));
        assertArrayEquals(original, bytes(source));

        List<Path> patches = patches(out);
        assertEquals(2, patches.size(), result::toString);
        assertTrue(patches.get(0).getFileName().toString().startsWith("0001-fjdoctor-fix-2-copy-on-fork-finding"),
                patches.toString());
        assertTrue(patches.get(1).getFileName().toString().startsWith("0002-fjdoctor-fix-1-sleepy-worker-finding"),
                patches.toString());
        String first = Files.readString(patches.get(0));
        assertTrue(first.contains("Subject: [PATCH 1/2] fjdoctor: fix 2 copy-on-fork finding(s)"), first);
        assertTrue(first.contains("From: fjdoctor <fjdoctor@localhost>") || first.contains("From: "), first);
        assertTrue(first.contains("Why it matters: Repeated at every recursion level"), first);
        assertTrue(first.contains("Qualify Arrays.copyOfRange"), first);

        String pr = Files.readString(out.resolve("PULL_REQUEST.md"));
        assertTrue(pr.contains("## What was found"), pr);
        assertTrue(pr.contains("`src/main/java/demo/Sleepy.java:24:34`"), pr);
        assertTrue(pr.contains("FJ2 copy-on-fork: A task copies a slice of its input for each subtask"), pr);
        assertTrue(pr.contains("12.63% energy"), pr);
        assertTrue(pr.contains("| **total** | | | 3 | 3 |"), pr);
        assertTrue(pr.contains("- tests: not run"), pr);
        assertTrue(pr.contains("No measurements were given"), pr);

        // Someone else applies the patches to a fresh clone, and the program still compiles.
        Path other = dir.resolve("other");
        git(dir, "clone", "-q", repo.toString(), other.toString());
        List<String> am = new ArrayList<>(List.of("am", "-q"));
        patches.forEach(p -> am.add(p.toString()));
        git(other, am.toArray(String[]::new));
        String fixed = Files.readString(other.resolve("src/main/java/demo/Sleepy.java"));
        assertEquals(FixFixtures.SLEEPY_FIXED.replace("Thread.sleep(pause());", FixFixtures.REVIEW_MARK + "Thread.sleep(pause());"),
                fixed);
        assertEquals(2, git(other, "log", "--oneline", "HEAD~2..HEAD").lines().count());
        assertCompiles(other.resolve("src/main/java/demo/Sleepy.java"), dir.resolve("classes"));
    }

    /**
     * The real refactorings on corpus programs: a throwaway repository of two positive programs, one
     * patch per rule, applied with {@code git am} to a fresh clone, equal to the corpus goldens, compiling.
     */
    @Test
    void corpusProgramsGetPatchesThatApplyCompileAndMatchTheGoldens() throws IOException {
        Path corpus = Path.of("../corpus/src/main/java/corpus");
        Path golden = Path.of("../corpus/golden");
        List<String> programs = List.of("centralizedpooling/positive/commonpoolaction", "scattereddata/positive/chunkloop");
        Path repo = dir.resolve("corpus-repo");
        for (String program : programs) {
            try (Stream<Path> files = Files.list(corpus.resolve(program))) {
                for (Path file : files.toList()) {
                    SourceTrees.write(repo.resolve("src/corpus/" + program).resolve(file.getFileName()),
                            Files.readString(file));
                }
            }
        }
        FixFixtures.commitAll(repo);
        Path out = dir.resolve("corpus-out");

        // At Java 8, as its golden: from Java 9 on the guarded fork of centralized pooling is not offered.
        Cli.Result result = Cli.run("patch", "--quiet", "--java-level", "8", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        List<Path> patches = patches(out);
        assertEquals(2, patches.size(), result::toString);
        assertTrue(patches.get(0).getFileName().toString().contains("centralized-pooling"), patches.toString());
        assertTrue(patches.get(1).getFileName().toString().contains("scattered-data"), patches.toString());

        Path other = dir.resolve("corpus-other");
        git(dir, "clone", "-q", repo.toString(), other.toString());
        List<String> am = new ArrayList<>(List.of("am", "-q"));
        patches.forEach(p -> am.add(p.toString()));
        git(other, am.toArray(String[]::new));
        List<Path> sources = new ArrayList<>();
        for (String program : programs) {
            String rule = program.substring(0, program.indexOf('/'));
            String name = program.substring(program.lastIndexOf('/') + 1);
            try (Stream<Path> files = Files.list(other.resolve("src/corpus/" + program))) {
                for (Path file : files.toList()) {
                    sources.add(file);
                    Path expected = golden.resolve(rule).resolve(name).resolve(file.getFileName() + ".after");
                    if (Files.exists(expected)) {
                        assertEquals(Files.readString(expected), Files.readString(file), "patched " + file);
                    }
                }
            }
        }
        Path classes = Files.createDirectories(dir.resolve("corpus-classes"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ENGLISH, null)) {
            boolean ok = compiler.getTask(null, files, diagnostics, List.of("-d", classes.toString()), null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            assertTrue(ok, diagnostics.getDiagnostics().toString());
        }
    }

    @Test
    void withoutIncludeReviewOnlySafeFixesAndTheRepositoryIdentity() throws IOException {
        Path repo = repo();
        git(repo, "config", "user.name", "Repo Owner");
        git(repo, "config", "user.email", "owner@example.com");
        Path out = dir.resolve("out");
        Cli.Result result = Cli.run("patch", "--quiet", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        List<Path> patches = patches(out);
        assertEquals(1, patches.size(), result::toString);
        assertTrue(Files.readString(patches.get(0)).contains("From: Repo Owner <owner@example.com>"));
        String pr = Files.readString(out.resolve("PULL_REQUEST.md"));
        assertTrue(pr.contains("needs review"), pr);
        assertFalse(pr.contains("sleepy-worker: A"), pr);
    }

    @Test
    void evidenceIsQuotedAsATable() throws IOException {
        Path repo = repo();
        Path evidence = dir.resolve("measure.json");
        Files.writeString(evidence, "{\"energy\": {\"before_j\": 10.5, \"after_j\": 8.25}, \"runs\": 30}");
        Path out = dir.resolve("out");
        Cli.Result result = Cli.run("patch", "--quiet", "--out", out.toString(), "--evidence", evidence.toString(),
                repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        String pr = Files.readString(out.resolve("PULL_REQUEST.md"));
        assertTrue(pr.contains("| energy.before_j | 10.5 |"), pr);
        assertTrue(pr.contains("| runs | 30 |"), pr);
    }

    @Test
    void aBaseBranchIsFixedInsteadOfHead() throws IOException {
        Path repo = repo();
        git(repo, "checkout", "-q", "-b", "later");
        Files.delete(repo.resolve("src/main/java/demo/Sleepy.java"));
        SourceTrees.write(repo.resolve("src/main/java/demo/RangeSum.java"), SourceTrees.RANGE_TASK);
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "no findings here");

        Cli.Result none = Cli.run("patch", "--quiet", "--out", dir.resolve("none").toString(), repo.toString());
        assertEquals(ExitCodes.OK, none.exit(), none::toString);
        assertTrue(none.out().contains("no fixes"), none::toString);
        assertFalse(Files.exists(dir.resolve("none").resolve("PULL_REQUEST.md")));

        Cli.Result result = Cli.run("patch", "--quiet", "--out", dir.resolve("out").toString(), "--base", "HEAD~1",
                repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertEquals(1, patches(dir.resolve("out")).size());
        assertEquals("later", git(repo, "rev-parse", "--abbrev-ref", "HEAD").strip());
    }

    @Test
    void usageErrors() throws IOException {
        Path repo = repo();
        Path notRepo = Files.createDirectories(dir.resolve("plain"));
        Cli.Result noGit = Cli.run("patch", "--out", dir.resolve("out").toString(), notRepo.toString());
        assertEquals(ExitCodes.USAGE, noGit.exit(), noGit::toString);
        assertTrue(noGit.err().contains("not inside a git work tree"), noGit::toString);
        assertTrue(noGit.err().contains("(git: fatal: not a git repository"), noGit::toString);
        Cli.Result badBase = Cli.run("patch", "--out", dir.resolve("out").toString(), "--base", "nope", repo.toString());
        assertEquals(ExitCodes.USAGE, badBase.exit(), badBase::toString);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{not json");
        Cli.Result badEvidence = Cli.run("patch", "--out", dir.resolve("out").toString(), "--evidence", bad.toString(),
                repo.toString());
        assertEquals(ExitCodes.USAGE, badEvidence.exit(), badEvidence::toString);
    }

    private static void assertCompiles(Path source, Path classes) throws IOException {
        Files.createDirectories(classes);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ENGLISH, null)) {
            boolean ok = compiler.getTask(null, files, diagnostics, List.of("-d", classes.toString()), null,
                    files.getJavaFileObjects(source)).call();
            assertTrue(ok, diagnostics.getDiagnostics().toString());
        }
    }

    @Test
    void outReplacesOnlyItsOwnEarlierPatchesAndRefusesOthers() throws IOException {
        Path repo = repo();
        Path out = dir.resolve("out");
        Cli.Result first = Cli.run("patch", "--quiet", "--include-review", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, first.exit(), first::toString);
        Files.writeString(out.resolve("0009-fjdoctor-fix-stale.patch"), "an earlier run's patch");
        Cli.Result again = Cli.run("patch", "--quiet", "--include-review", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, again.exit(), again::toString);
        assertTrue(Files.notExists(out.resolve("0009-fjdoctor-fix-stale.patch")), "the stale patch is gone");
        assertFalse(patches(out).isEmpty());

        Files.writeString(out.resolve("0001-someone-elses-change.patch"), "not ours");
        Cli.Result refused = Cli.run("patch", "--quiet", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.USAGE, refused.exit(), refused::toString);
        assertTrue(refused.err().contains("holds patches fjdoctor did not write"), refused::toString);
        assertTrue(Files.exists(out.resolve("0001-someone-elses-change.patch")));
    }

    /** A file name from the repository cannot break out of its code span into a heading, a link or HTML. */
    @Test
    void fileNamesStayInsideTheirCodeSpans() throws IOException {
        Path repo = dir.resolve("repo");
        String name = "src/main/java/demo/x`\n# Pwned [click](javascript:alert(1)) <img src=x>.java";
        SourceTrees.write(repo.resolve(name), SLEEPY.replace("public class Sleepy", "class Pwnage")
                .replace("Sleepy", "Pwnage"));
        FixFixtures.commitAll(repo);
        Path out = dir.resolve("out");
        Cli.Result result = Cli.run("patch", "--quiet", "--out", out.toString(), repo.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        String pr = Files.readString(out.resolve("PULL_REQUEST.md"));

        String span = "``" + name.replace("\n", "\\n") + ":24:34``";
        assertTrue(pr.contains("- " + span + ": "), pr);
        assertTrue(pr.contains("| " + span + " |"), pr);
        String outside = pr.replaceAll(java.util.regex.Pattern.quote("``" + name.replace("\n", "\\n")) + ":\\d+:\\d+``", "");
        assertFalse(outside.contains("javascript") || outside.contains("<img") || outside.contains("Pwned"), outside);
        assertEquals(1, pr.lines().filter(line -> line.startsWith("# ")).count(), pr);
        String commit = Files.readString(patches(out).get(0));
        assertTrue(commit.contains("- src/main/java/demo/x`\\n#"), commit);
    }
}
