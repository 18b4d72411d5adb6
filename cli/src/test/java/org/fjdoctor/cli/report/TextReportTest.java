package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.docs.RulePages;
import org.fjdoctor.cli.testfixes.FixFixtures;
import org.fjdoctor.reports.TextReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextReportTest {

    @TempDir
    Path dir;

    @Test
    void eachRuleExplainsItselfOnceAndLinesFitA120ColumnTerminal() {
        SourceTrees.withFindings(dir.resolve("src"));
        SourceTrees.write(dir.resolve("src/demo/Sleepy.java"), FixFixtures.SLEEPY);
        String out = Cli.run("scan", "--quiet", dir.resolve("src").toString()).out();

        String rationale = Rules.select(List.of("copy-on-fork")).get(0).info().rationale();
        String joined = out.replace("\n        ", " ");
        assertEquals(1, count(joined, rationale), out);
        assertEquals(1, count(out, "Why it matters:"), out);
        assertEquals(1, count(out, "copy-on-fork (FJ2): "), out);
        assertEquals(1, count(out, "sleepy-worker (FJ6): "), out);
        assertEquals(0, count(out, "copy-on-join (FJ3): "), "only rules that found something: " + out);
        for (String line : out.split("\n")) {
            assertTrue(line.length() <= TextReport.WIDTH, "longer than " + TextReport.WIDTH + ": " + line);
        }
    }

    @Test
    void endsWithWhatToDoNextForTheSamePaths() {
        SourceTrees.write(dir.resolve("src/demo/Sleepy.java"), FixFixtures.SLEEPY);
        String src = dir.resolve("src").toString();
        String out = Cli.run("scan", "--quiet", src).out();

        String next = out.substring(out.indexOf("\nNext:\n") + 1).replace("\n        ", " ");
        assertEquals("Next:\n"
                + "    2 of 3 findings have a SAFE fix: `fjdoctor fix --dry-run " + src + "` shows the edits, `fjdoctor fix "
                + src + "` applies them.\n"
                + "    1 more has a fix to REVIEW: add --include-review to those commands.\n"
                + "    `fjdoctor scan --format html --output fjdoctor.html " + src
                + "` writes a browsable report with each fix's diff.\n", next);
    }

    @Test
    void withOnlyFixesToReviewTheCommandsNameIncludeReview() {
        SourceTrees.write(dir.resolve("src/demo/Sleepy.java"), FixFixtures.SLEEPY);
        String src = dir.resolve("src").toString();
        String out = Cli.run("scan", "--quiet", "--rules", "sleepy-worker", src).out();

        String next = out.substring(out.indexOf("\nNext:\n") + 1).replace("\n        ", " ");
        assertTrue(next.startsWith("Next:\n"
                + "    The finding has no SAFE fix.\n"
                + "    1 has a fix to REVIEW: `fjdoctor fix --dry-run --include-review " + src + "` shows the edits,"
                + " `fjdoctor fix --include-review " + src + "` applies them.\n"), next);
    }

    @Test
    void countsOnlyTheFindingsShownAndStaysQuietWithoutFindings() {
        SourceTrees.write(dir.resolve("copies/demo/CopyingSum.java"), SourceTrees.COPYING_TASK);
        SourceTrees.write(dir.resolve("clean/demo/RangeSum.java"), SourceTrees.RANGE_TASK);

        String copies = Cli.run("scan", "--quiet", dir.resolve("copies").toString()).out();
        assertTrue(copies.contains("\nNext:\n    2 of 2 findings have a SAFE fix: "), copies);
        assertEquals(0, count(copies, "REVIEW"), copies);
        String clean = Cli.run("scan", "--quiet", dir.resolve("clean").toString()).out();
        assertEquals(0, count(clean, "Next:"), clean);
    }

    @Test
    void rulePagesAreLinkedWhereTheInstallationKeepsThem() {
        Path home = dir.resolve("fjdoctor-home");
        SourceTrees.write(home.resolve("docs/rules/copy-on-fork.md"), "# copy-on-fork\n");
        SourceTrees.withFindings(dir.resolve("src"));
        String previous = System.getProperty(RulePages.HOME_PROPERTY);
        System.setProperty(RulePages.HOME_PROPERTY, home.toString());
        try {
            String out = Cli.run("scan", "--quiet", dir.resolve("src").toString()).out().replace("\n        ", " ");
            assertTrue(out.contains(" More: " + home.resolve("docs/rules/copy-on-fork.md")), out);
        } finally {
            if (previous == null) {
                System.clearProperty(RulePages.HOME_PROPERTY);
            } else {
                System.setProperty(RulePages.HOME_PROPERTY, previous);
            }
        }
    }

    @Test
    void wrapBreaksAtSpacesAndKeepsLongWordsWhole() {
        String words = "word ".repeat(40).strip();
        String wrapped = TextReport.wrap(words, "", "        ");
        for (String line : wrapped.split("\n")) {
            assertTrue(line.length() <= TextReport.WIDTH, line);
        }
        assertEquals(words, wrapped.replace("\n        ", " ").strip());
        String path = "/a/" + "long-directory/".repeat(10) + "File.java:1:1: warning";
        assertTrue(TextReport.wrap(path, "", "        ").startsWith(path.substring(0, path.indexOf(' '))));
    }

    /**
     * A file name with an escape sequence would recolour or clear the terminal, one with a newline would
     * forge a finding line in a CI log, one with a right-to-left override would show reordered text.
     */
    @Test
    void fileNamesFromTheRepositoryCannotDriveTheTerminalOrForgeLines() {
        Path src = dir.resolve("src");
        String forged = "Fake.java:1:1: error [copy-on-fork] forged";
        SourceTrees.write(src.resolve("demo/esc\u001b[2J\u001b[31mred.java"), SourceTrees.COPYING_TASK
                .replace("public class CopyingSum", "class Esc").replace("CopyingSum", "Esc"));
        SourceTrees.write(src.resolve("demo/nl\n" + forged + "\u202e.java"), SourceTrees.COPYING_TASK
                .replace("public class CopyingSum", "class Nl").replace("CopyingSum", "Nl"));
        Cli.Result result = Cli.run("scan", "--quiet", src.toString());

        assertTrue(result.out().contains("4 findings (copy-on-fork: 4)"), result::toString);
        for (String line : result.out().split("\n")) {
            assertTrue(line.chars().noneMatch(c -> c < 0x20 && c != '\t' || c == 0x202e), line);
            assertTrue(!line.startsWith(forged), line);
        }
        assertTrue(result.out().contains("demo/esc\\e[2J\\e[31mred.java:"), result::toString);
        assertTrue(result.out().contains("demo/nl\\n" + forged + "\\u202e.java:"), result::toString);
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
