package org.fjdoctor.cli.scan.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.reports.FjdoctorVersion;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code scan}'s cache of whole-tree results (issue 27): reused only when nothing it depends on changed. */
class ScanCacheTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private Path src() {
        return SourceTrees.withFindings(dir.resolve("src"));
    }

    private Path cache() {
        return dir.resolve("cache");
    }

    private Cli.Result scan(String... args) {
        List<String> all = new ArrayList<>(List.of("scan", "--cache-dir", cache().toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    private List<Path> entries() throws IOException {
        if (!Files.isDirectory(cache())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cache())) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    /** The report without the time the scan took, the one thing a cached scan may change. */
    private static String timeMasked(String report) {
        return report.replaceAll("\\d+\\.\\d s", "T s").replaceAll("\"millis\" ?: ?\\d+", "\"millis\":T");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "json", "sarif", "html"})
    void aWarmScanPrintsWhatTheColdOneDid(String format) throws IOException {
        Path src = src();
        Cli.Result cold = scan("--format", format, src.toString());
        assertEquals(1, entries().size(), cold::toString);
        Cli.Result warm = scan("--format", format, src.toString());
        assertEquals(cold.exit(), warm.exit(), warm::toString);
        assertEquals(timeMasked(cold.out()), timeMasked(warm.out()));
        assertEquals(cold.errBesidesProgress(), warm.errBesidesProgress());
        assertEquals(timeMasked(Cli.run("scan", "--no-cache", "--format", format, src.toString()).out()),
                timeMasked(warm.out()));
    }

    @Test
    void aBaselineNarrowsACachedScanAsItDoesAColdOne() throws IOException {
        Path src = src();
        Path baseline = dir.resolve("baseline.json");
        Cli.run("scan", "--no-cache", "--format", "json", "--fail-on", "none", "-o", baseline.toString(), src.toString());
        Cli.Result cold = scan("-b", baseline.toString(), src.toString());
        Cli.Result warm = scan("-b", baseline.toString(), src.toString());
        assertEquals(ExitCodes.OK, warm.exit(), warm::toString);
        assertTrue(warm.err().contains("hidden by the baseline"), warm::toString);
        assertEquals(timeMasked(cold.out()), timeMasked(warm.out()));
        assertEquals(cold.errBesidesProgress(), warm.errBesidesProgress());
        assertEquals(1, entries().size());
    }

    @Test
    void aWarmScanKeepsTheTestCodeFlag() throws IOException {
        Path project = dir.resolve("project");
        Files.createDirectories(project.resolve("src/test/java/demo"));
        Files.writeString(project.resolve("src/test/java/demo/CopyingSum.java"), SourceTrees.COPYING_TASK);
        Cli.Result cold = scan("--format", "json", "--include-tests", project.toString());
        Cli.Result warm = scan("--format", "json", "--include-tests", project.toString());
        assertEquals(1, entries().size(), warm::toString);
        assertEquals(timeMasked(cold.out()), timeMasked(warm.out()));
        List<Boolean> flags = MAPPER.readTree(warm.out()).get("findings").findValues("testCode").stream()
                .map(flag -> flag.asBoolean()).toList();
        assertEquals(List.of(true, true), flags, warm::toString);
    }

    @Test
    void aHitIsReadFromTheStoredEntry() throws IOException {
        Path src = src();
        scan("--format", "json", src.toString());
        Path entry = entries().get(0);
        ObjectNode stored = (ObjectNode) MAPPER.readTree(entry.toFile());
        String payload = stored.get("payload").asText().replace("CopyingSum", "StoredSum");
        stored.put("payload", payload).put("checksum", ScanCache.sha256(payload));
        MAPPER.writeValue(entry.toFile(), stored);

        Cli.Result warm = scan("--format", "json", src.toString());
        assertTrue(warm.out().contains("StoredSum"), warm::toString);
    }

    @Test
    void editingOneFileIsAMiss() throws IOException {
        Path src = src();
        scan(src.toString());
        Path file = src.resolve("demo/CopyingSum.java");
        Files.writeString(file, "// moved down a line\n" + Files.readString(file));
        Cli.Result edited = scan(src.toString());
        assertEquals(2, entries().size(), edited::toString);
        assertEquals(timeMasked(Cli.run("scan", "--no-cache", src.toString()).out()), timeMasked(edited.out()));
    }

    @Test
    void otherRulesAreAMiss() throws IOException {
        Path src = src();
        scan(src.toString());
        Cli.Result other = scan("--rules", "FJ3", src.toString());
        assertEquals(2, entries().size(), other::toString);
        assertFalse(other.out().contains("[copy-on-fork]"), other::toString);
    }

    @Test
    void aChangedSettingsFileIsAMiss() throws IOException {
        Path src = src();
        Files.writeString(src.resolve(".fjdoctor.yml"), "rules: {copy-on-fork: error}\n");
        scan(src.toString());
        Files.writeString(src.resolve(".fjdoctor.yml"), "rules: {copy-on-fork: off}\n");
        Cli.Result changed = scan(src.toString());
        assertEquals(2, entries().size(), changed::toString);
        assertFalse(changed.out().contains("[copy-on-fork]"), changed::toString);
    }

    @Test
    void anotherSettingsFileWithTheSameSettingsIsAMiss() throws IOException {
        Path src = src();
        Path one = Files.writeString(dir.resolve("one.yml"), "depth: 7\n");
        Path two = Files.writeString(dir.resolve("two.yml"), "depth: 7\n");
        scan("--format", "html", "--config", one.toString(), src.toString());
        Cli.Result other = scan("--format", "html", "--config", two.toString(), src.toString());
        assertEquals(2, entries().size(), other::toString);
        assertTrue(other.out().contains(two.toString()), "the report names the settings file it ran with");
    }

    @Test
    void anotherFjdoctorVersionIsAMissAndItsEntryIsDeleted() throws IOException {
        Path src = src();
        scan(src.toString());
        Path entry = entries().get(0);
        String key = entry.getFileName().toString().replace(".json", "");
        assertTrue(new ScanCache(cache(), FjdoctorVersion.get()).load(key, List.of()).isPresent());
        assertTrue(new ScanCache(cache(), "0.0.0-other").load(key, List.of()).isEmpty());
        assertFalse(Files.exists(entry), "an entry of another version is deleted");
    }

    @ParameterizedTest
    @ValueSource(strings = {"truncated", "garbage", "checksum", "empty"})
    void aDamagedEntryIsAMissAndIsReplaced(String damage) throws IOException {
        Path src = src();
        Cli.Result cold = scan("--format", "sarif", src.toString());
        Path entry = entries().get(0);
        String whole = Files.readString(entry);
        switch (damage) {
            case "truncated" -> Files.writeString(entry, whole.substring(0, whole.length() / 2));
            case "garbage" -> Files.write(entry, new byte[] {0, (byte) 0xff, 'x', '{'});
            case "checksum" -> Files.writeString(entry, whole.replace("CopyingSum", "StoredSum"));
            default -> Files.writeString(entry, "");
        }
        Cli.Result warm = scan("--format", "sarif", src.toString());
        assertEquals(timeMasked(cold.out()), timeMasked(warm.out()), warm::toString);
        assertEquals(List.of(entry), entries());
        String key = entry.getFileName().toString().replace(".json", "");
        assertTrue(new ScanCache(cache(), FjdoctorVersion.get()).load(key, List.of()).isPresent(),
                "the entry was written anew: " + Files.readString(entry));
    }

    @Test
    void scansSharingACacheLeaveOneWholeEntry() throws Exception {
        Path src = src();
        String expected = timeMasked(Cli.run("scan", "--no-cache", "--format", "sarif", src.toString()).out());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Cli.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(pool.submit(() -> scan("--format", "sarif", src.toString())));
            }
            for (Future<Cli.Result> run : runs) {
                assertEquals(expected, timeMasked(run.get().out()));
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(1, entries().size());
        try (Stream<Path> files = Files.list(cache())) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".tmp")).toList(), "no temporary file left");
        }
        String key = entries().get(0).getFileName().toString().replace(".json", "");
        assertTrue(new ScanCache(cache(), FjdoctorVersion.get()).load(key, List.of()).isPresent());
    }

    @Test
    void noCacheWritesNothing() throws IOException {
        Path src = src();
        Cli.Result result = Cli.run("scan", "--no-cache", src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertFalse(Files.exists(src.resolve(".fjdoctor")));
        scan("--no-cache", src.toString());
        assertFalse(Files.exists(cache()));
    }

    @Test
    void theDefaultCacheIsInTheScannedDirectoryAndIgnoredByGit() throws IOException {
        Path src = src();
        Cli.Result result = Cli.run("scan", src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertEquals("# Created by fjdoctor: its cache stays out of git.\n*\n",
                Files.readString(src.resolve(".fjdoctor/.gitignore")));
        try (Stream<Path> files = Files.list(src.resolve(".fjdoctor/cache"))) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void aScanOfPartOfAGitWorkTreeWritesNothingAboveIt() throws IOException, InterruptedException {
        Path src = src();
        Path top = src.getParent();
        Process init = new ProcessBuilder("git", "init", "-q", top.toString()).inheritIO().start();
        assertEquals(0, init.waitFor());

        Cli.Result result = Cli.run("scan", src.toString());

        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertFalse(Files.exists(top.resolve(".fjdoctor")), "nothing at the top of the work tree");
        assertTrue(Files.isDirectory(src.resolve(".fjdoctor/cache")), "the cache is in the directory scanned");
    }

    @Test
    void aCacheThatCannotBeWrittenCostsNothing() throws IOException {
        Path src = src();
        Path notADirectory = Files.writeString(dir.resolve("file"), "a file, not a directory");
        Cli.Result result = Cli.run("scan", "--cache-dir", notADirectory.resolve("cache").toString(), src.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertEquals("", result.errBesidesProgress());
        assertEquals(timeMasked(Cli.run("scan", "--no-cache", src.toString()).out()), timeMasked(result.out()));
    }

    @Test
    void theKeyTellsFjdoctorVersionsApart() throws IOException {
        SourceSet sources = SourceSet.of(List.of(src()));
        SourceCollector.Collected collected = SourceCollector.collect(sources);
        Analyzer.Options options = Analyzer.Options.defaults();
        Optional<Path> none = Optional.empty();
        String key = ScanKey.of("1.0", false, sources, options, none, collected);
        assertEquals(key, ScanKey.of("1.0", false, sources, options, none, collected));
        assertNotEquals(key, ScanKey.of("1.1", false, sources, options, none, collected));
        assertNotEquals(key, ScanKey.of("1.0", true, sources, options, none, collected));
    }
}
