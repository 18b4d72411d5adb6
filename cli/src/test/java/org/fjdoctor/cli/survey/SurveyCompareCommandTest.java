package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fjdoctor survey-compare}: two survey directories' results, field by field, times and memory aside. */
class SurveyCompareCommandTest {

    @TempDir
    Path dir;

    private static RepoResult result(String name, long sleepyMain, long scanMillis, long peakMemory) {
        TreeMap<String, RuleCounts> rules = new TreeMap<>();
        rules.put("sleepy-worker", new RuleCounts(sleepyMain, 0, sleepyMain, 0, 0));
        ForkJoinUsage usage = new ForkJoinUsage(3, 120, 1, 1, 0, 0, List.of("ForkJoinPool"));
        return new RepoResult(name, "/repos/" + name, null, "0123456789abcdef", null, "maven", 17, usage, rules, 0,
                scanMillis, peakMemory, null, null);
    }

    private Path survey(String name, RepoResult... results) throws IOException {
        SurveyDirectory directory = new SurveyDirectory(dir.resolve(name));
        for (RepoResult result : results) {
            directory.write(result);
        }
        return directory.root();
    }

    @Test
    void resultsThatDifferOnlyInTimeAndMemoryAreTheSame() throws IOException {
        Path a = survey("a", result("one", 1, 1200, 300 << 20), result("two", 0, 800, 200 << 20));
        Path b = survey("b", result("one", 1, 4500, 700 << 20), result("two", 0, 900, 250 << 20));

        Cli.Result run = Cli.run("survey-compare", a.toString(), b.toString());

        assertEquals(ExitCodes.OK, run.exit(), run.toString());
        assertTrue(run.out().contains("same        one\nsame        two\n"), run.out());
        assertTrue(run.out().contains("2 same, 0 differ, 0 only in "), run.out());
    }

    @Test
    void aDifferingFieldIsNamedWithBothValuesAndARepositoryInOneSurveyOnlyIsListed() throws IOException {
        Path a = survey("a", result("one", 1, 1200, 0), result("two", 0, 800, 0), result("three", 0, 10, 0));
        Path b = survey("b", result("one", 2, 1200, 0), result("two", 0, 800, 0), result("four", 0, 10, 0));

        Cli.Result run = Cli.run("survey-compare", a.toString(), b.toString());

        assertEquals(ExitCodes.FINDINGS, run.exit(), run.toString());
        assertTrue(run.out().contains("differs     one\n"), run.out());
        assertTrue(run.out().contains("rules.sleepy-worker.main: 1 | 2\n"), run.out());
        assertTrue(run.out().contains("rules.sleepy-worker.safe: 1 | 2\n"), run.out());
        assertTrue(run.out().contains("same        two\n"), run.out());
        assertTrue(run.out().contains("only first  three\n"), run.out());
        assertTrue(run.out().contains("only second four\n"), run.out());
        assertTrue(run.out().contains("1 same, 1 differ, 1 only in "), run.out());
    }

    @Test
    void aDirectoryWithoutSurveyResultsIsAUsageError() throws IOException {
        Path a = survey("a", result("one", 1, 1200, 0));

        Cli.Result run = Cli.run("survey-compare", a.toString(), dir.resolve("nothing").toString());

        assertEquals(ExitCodes.USAGE, run.exit(), run.toString());
        assertTrue(run.err().contains("no survey results in "), run.err());
    }
}
