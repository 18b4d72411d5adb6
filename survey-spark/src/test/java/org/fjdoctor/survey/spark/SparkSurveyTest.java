package org.fjdoctor.survey.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.survey.RepoResult;
import org.fjdoctor.cli.survey.SurveyFixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spark engine in local[2] mode gives the embedded engine's per-repository results, times and memory aside. */
class SparkSurveyTest {

    @TempDir
    Path dir;

    @Test
    void localModeGivesTheEmbeddedEnginesResults() throws IOException {
        Path repo = SurveyFixtures.forkJoinRepo(dir.resolve("repo"));
        Path bare = SurveyFixtures.bareClone(SurveyFixtures.plainRepo(dir.resolve("plain")), dir.resolve("plain.git"));
        Path manifest = SurveyFixtures.manifest(dir.resolve("repos.csv"), "name,location,commit",
                "tree," + repo + "," + SurveyFixtures.head(repo),
                "bare," + bare + ",",
                "missing," + repo + ",0123456789abcdef0123456789abcdef01234567");
        List<String> names = List.of("tree", "bare", "missing");

        Cli.Result embedded = Cli.run("survey", "--jobs", "2", "--heap", "512m", "-o", dir.resolve("embedded").toString(),
                manifest.toString());
        assertEquals(0, embedded.exit(), embedded.toString());
        System.setProperty("spark.ui.enabled", "false");
        int exit = SparkSurvey.run("--master", "local[2]", "--heap", "512m", "--fjdoctor-jar",
                System.getProperty("java.class.path"), "-o", dir.resolve("spark").toString(), manifest.toString());
        assertEquals(0, exit);

        for (String name : names) {
            RepoResult fromSpark = result("spark", name);
            assertEquals(result("embedded", name).masked(), fromSpark.masked(), name);
        }
        assertTrue(result("spark", "tree").rules().get("sleepy-worker").main() == 1, result("spark", "tree").toJson());
        assertTrue(result("spark", "missing").failure().startsWith("checkout failed"));
        assertEquals(3, files("spark/json", ".json").stream().mapToLong(SparkSurveyTest::lines).sum(), "a line per repository");
        assertTrue(!files("spark/parquet", ".parquet").isEmpty(), "Parquet files");
        assertEquals(section("embedded", "## Per-rule prevalence"), section("spark", "## Per-rule prevalence"));
    }

    private RepoResult result(String engine, String name) throws IOException {
        return RepoResult.fromJson(Files.readString(dir.resolve(engine + "/repos/" + name + ".json"), StandardCharsets.UTF_8));
    }

    private List<Path> files(String where, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve(where))) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).toList();
        }
    }

    private static long lines(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A summary.md section, from its heading to the next. */
    private String section(String engine, String heading) throws IOException {
        String md = Files.readString(dir.resolve(engine + "/summary.md"));
        int start = md.indexOf(heading);
        int end = md.indexOf("\n## ", start + 1);
        return md.substring(start, end);
    }
}
