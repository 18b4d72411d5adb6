package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.testfixes.FixFixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fjdoctor survey} with the embedded engine, on tiny git repositories (each scan in a child JVM). */
class SurveyCommandTest {

    @TempDir
    Path dir;

    private Cli.Result survey(Path manifest, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("survey", "--jobs", "2", "-o", dir.resolve("out").toString()));
        args.addAll(List.of(options));
        if (!args.contains("--heap")) {
            args.addAll(List.of("--heap", "512m"));
        }
        args.add(manifest.toString());
        return Cli.run(args.toArray(String[]::new));
    }

    private RepoResult result(String name) throws IOException {
        return RepoResult.fromJson(Files.readString(dir.resolve("out/repos/" + name + ".json"), StandardCharsets.UTF_8));
    }

    @Test
    void surveysAWorkTreeABareRepositoryABundleAMissingCommitAndNoJava() throws IOException {
        Path repo = SurveyFixtures.forkJoinRepo(dir.resolve("repo"));
        String head = SurveyFixtures.head(repo);
        Path bare = SurveyFixtures.bareClone(SurveyFixtures.plainRepo(dir.resolve("plain")), dir.resolve("plain.git"));
        Path bundle = SurveyFixtures.bundle(repo, dir.resolve("repo.bundle"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit",
                "tree," + repo + "," + head,
                "bare," + bare + ",",
                "bundled," + bundle,
                "missing," + repo + ",0123456789abcdef0123456789abcdef01234567",
                "docs," + SurveyFixtures.docsRepo(dir.resolve("docs")));

        Cli.Result run = survey(manifest, "--patches");

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        RepoResult tree = result("tree");
        assertNull(tree.failure(), run.toString());
        assertEquals(head, tree.revision());
        assertEquals("maven", tree.buildSystem());
        assertEquals(11, tree.javaLevel());
        assertEquals(2, tree.usage().taskClasses(), "Sleepy and SleepyTest extend RecursiveAction");
        assertEquals(List.of("java.util.concurrent"), tree.usage().frameworks());
        RuleCounts sleepy = tree.rules().get("sleepy-worker");
        assertEquals(1, sleepy.main(), tree.toJson());
        assertEquals(1, sleepy.test(), tree.toJson());
        assertTrue(tree.rules().get("copy-on-fork").main() >= 1, tree.toJson());
        assertTrue(tree.scanMillis() > 0 && tree.peakMemoryBytes() > 0, tree.toJson());
        assertTrue(sleepy.safe() + tree.rules().get("copy-on-fork").safe() > 0, tree.toJson());
        assertTrue(tree.patches() > 0 && tree.patchFailure() == null, tree.toJson());
        assertTrue(Files.isRegularFile(dir.resolve("out/patches/tree/PULL_REQUEST.md")), "fjdoctor patch output");

        assertEquals(tree.masked().rules(), result("bundled").masked().rules(), "the bundle holds the same commit");
        assertEquals(head, result("bundled").revision());
        RepoResult plain = result("bare");
        assertNull(plain.failure(), plain.toJson());
        assertEquals(Map.of(), plain.rules());
        assertEquals(0, plain.patches(), "nothing to patch");
        assertEquals("none", plain.buildSystem());
        assertTrue(result("missing").failure().startsWith("checkout failed: no commit 0123456789abcdef"),
                result("missing").toJson());

        assertEquals("no Java files to scan", result("docs").failure(), "what the scan said, read from its output");

        String md = Files.readString(dir.resolve("out/summary.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("5 repositories from"), md);
        assertTrue(md.contains("| FJ6 | **sleepy-worker** | synchronization management | 2 | 2 | 2 | 67% |"), md);
        assertTrue(md.contains("| missing | checkout failed: no commit"), md);
        String html = Files.readString(dir.resolve("out/summary.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<svg") && !html.contains("<script") && !html.contains("src=\"http"), html);
        assertTrue(run.err().contains("5/5 done (3 scanned, 2 failed)"), run.err());
        assertFalse(Files.exists(dir.resolve("out/work")), "scratch space is removed");
    }

    @Test
    void resumeSkipsARepositoryWithARecordedResult() throws IOException {
        Path repo = SurveyFixtures.plainRepo(dir.resolve("repo"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit", "one," + repo + ",");
        assertEquals(ExitCodes.OK, survey(manifest).exit());
        Path file = dir.resolve("out/repos/one.json");
        String marked = Files.readString(file).replaceFirst("\"scanMillis\" : \\d+", "\"scanMillis\" : 424242");
        Files.writeString(file, marked);

        Cli.Result resumed = survey(manifest, "--resume");

        assertEquals(ExitCodes.OK, resumed.exit(), resumed.toString());
        assertEquals(marked, Files.readString(file), "a finished repository is not redone");
        assertTrue(resumed.err().contains("1/1 done (0 scanned, 0 failed, 1 resumed)"), resumed.err());
        Cli.Result again = survey(manifest);
        assertFalse(Files.readString(file).contains("424242"), "without --resume it is surveyed again");
        assertEquals(ExitCodes.OK, again.exit());
    }

    @Test
    void aResumedSurveysSummaryGivesEachRunsWallTimeNotOnlyTheLast() throws IOException {
        Path one = SurveyFixtures.plainRepo(dir.resolve("one"));
        Path two = SurveyFixtures.plainRepo(dir.resolve("two"));
        Path first = SurveyFixtures.manifest(dir.resolve("first.csv"), "name,location", "one," + one);
        Path both = SurveyFixtures.manifest(dir.resolve("both.csv"), "name,location", "one," + one, "two," + two);
        assertEquals(ExitCodes.OK, survey(first).exit());

        Cli.Result resumed = survey(both, "--resume");

        assertEquals(ExitCodes.OK, resumed.exit(), resumed.toString());
        String md = Files.readString(dir.resolve("out/summary.md"));
        assertTrue(md.contains("this run surveyed 1 and resumed 1 in "), md);
        assertTrue(md.contains(", 2 runs "), md);
        assertTrue(md.matches("(?s).*\\| wall time of this run \\| \\S+ \\(1 surveyed, 1 resumed\\) \\|.*"), md);
        assertTrue(md.matches("(?s).*\\| wall time of all 2 runs \\(each\\) \\| [^|(]+ \\([^,|]+, [^,|]+\\) \\|.*"), md);
        assertEquals(2, Files.readAllLines(dir.resolve("out/runs.jsonl")).size(), "a line per run");

        Cli.Result again = survey(both);

        assertEquals(ExitCodes.OK, again.exit(), again.toString());
        String redone = Files.readString(dir.resolve("out/summary.md"));
        assertTrue(redone.contains("this run surveyed 2 and resumed 0 in "), redone);
        assertFalse(redone.contains("wall time of all"), "without --resume the earlier runs no longer count: " + redone);
    }

    @Test
    void aScanOverItsTimeLimitIsRecordedAndTheSurveyGoesOn() throws IOException {
        Path repo = SurveyFixtures.forkJoinRepo(dir.resolve("repo"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location",
                "slow," + repo, "gone," + dir.resolve("nowhere"));

        Cli.Result run = survey(manifest, "--timeout", "100ms");

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        assertEquals("scan timed out after 100ms", result("slow").failure());
        assertEquals(SurveyFixtures.head(repo), result("slow").revision());
        assertTrue(result("gone").failure().startsWith("checkout failed: no such file or directory"), result("gone").toJson());
        String md = Files.readString(dir.resolve("out/summary.md"));
        assertTrue(md.contains("| slow | scan timed out after 100ms |"), md);
    }

    @Test
    void aScanThatNeedsMoreHeapThanGivenIsRecordedAsOutOfMemory() throws IOException {
        Path repo = SurveyFixtures.forkJoinRepo(dir.resolve("repo"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location", "small," + repo,
                "gone," + dir.resolve("nowhere"));

        Cli.Result run = survey(manifest, "--heap", "4m");

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        assertEquals("scan ran out of memory (heap 4m)", result("small").failure(), result("small").toJson());
        assertTrue(result("gone").failure().startsWith("checkout failed"), "the survey goes on after it: " + run);
        assertTrue(run.err().contains("2/2 done (0 scanned, 2 failed)"), run.err());
        assertTrue(Files.readString(dir.resolve("out/summary.md")).contains("| small | scan ran out of memory (heap 4m) |"));
        assertTrue(Files.exists(dir.resolve("out/summary.html")));
    }

    @Test
    void anEmptyManifestGivesAnEmptySummary() throws IOException {
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit");

        Cli.Result run = survey(manifest);

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        assertTrue(run.err().contains("lists no repositories"), run.err());
        String md = Files.readString(dir.resolve("out/summary.md"));
        assertTrue(md.contains("0 repositories from"), md);
    }

    @Test
    void aBadManifestLineIsAUsageErrorNamingTheLine() throws IOException {
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit",
                "ok,/tmp/x,", "a,b,c,d");

        Cli.Result run = survey(manifest);

        assertEquals(ExitCodes.USAGE, run.exit(), run.toString());
        assertTrue(run.err().contains("repos.csv:3: expected 2 or 3 fields (name,location,commit), found 4"), run.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is surveyed");
    }

    @Test
    void aGitHubUrlIsClonedFromTheMirrorAtABranchOtherThanTheDefault() throws IOException {
        Path repo = SurveyFixtures.plainRepo(dir.resolve("repo"));
        String main = SurveyFixtures.head(repo);
        FixFixtures.git(repo, "checkout", "-q", "-b", "feature");
        SourceTrees.write(repo.resolve("src/More.java"), "class More {\n}\n");
        FixFixtures.git(repo, "add", "-A");
        FixFixtures.git(repo, "commit", "-q", "-m", "more");
        String feature = SurveyFixtures.head(repo);
        FixFixtures.git(repo, "checkout", "-q", "main");
        SurveyFixtures.bareClone(repo, dir.resolve("mirrors/octo+hello/hello.git"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit",
                ",https://github.com/octo/hello," + main, "hello-feature,https://github.com/octo/hello,feature");

        Cli.Result run = survey(manifest, "--mirror", dir.resolve("mirrors").toString());

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        RepoResult hello = result("octo+hello");
        assertNull(hello.failure(), hello.toJson());
        assertEquals(main, hello.revision());
        RepoResult branch = result("hello-feature");
        assertNull(branch.failure(), branch.toJson());
        assertEquals(feature, branch.revision());
        assertEquals(2, branch.usage().files());
    }
}
