package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regression (issue 26): scan declared its own options and read no build, and every command read the level
 * only at or above the given paths. Scanned from a repository's root, a subproject declaring 1.6 was fixed
 * at 17: SARIF offered fixes that do not compile there. Now each file gets the level of its nearest build
 * settings, in scan's offered fixes as in fix's, and the reports say which level came from where.
 */
class PerFileSettingsTest {

    /** A sleeping task: at Java 6 its managed-block fix must declare the captured local final. */
    private static final String PAUSE = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class %s extends RecursiveAction {
                private final int n;

                %s(int n) {
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
            """;

    @TempDir
    Path repo;

    private void tree(String buildFile, String content) throws IOException {
        Files.createDirectories(repo.resolve(".git"));
        SourceTrees.write(repo.resolve(buildFile), content);
        SourceTrees.write(repo.resolve("legacy/src/p/OldPause.java"), PAUSE.formatted("OldPause", "OldPause"));
        SourceTrees.write(repo.resolve("app/src/p/NewPause.java"), PAUSE.formatted("NewPause", "NewPause"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            legacy/pom.xml                              | <project><properties><maven.compiler.source>1.6</maven.compiler.source></properties></project> | pom.xml at
            legacy/build.gradle                         | sourceCompatibility = 1.6                                                                         | build.gradle at
            legacy/.settings/org.eclipse.jdt.core.prefs | org.eclipse.jdt.core.compiler.source=1.6                                                          | .settings/org.eclipse.jdt.core.prefs at
            """)
    void aSubprojectsLevelAppliesToItsFilesInScanAndFix(String buildFile, String content, String origin)
            throws IOException {
        tree(buildFile, content);
        String legacyOrigin = origin + " " + repo.resolve("legacy");

        Cli.Result sarif = Cli.run("scan", "--format", "sarif", "--fail-on", "none", repo.toString());
        assertEquals(ExitCodes.OK, sarif.exit(), sarif::toString);
        JsonNode run = new ObjectMapper().readTree(sarif.out()).get("runs").get(0);
        // At 6 the anonymous blocker may capture only final locals: the fix declares `delay` final; at 17 not.
        List<String> legacy = insertedText(run, "OldPause.java");
        assertTrue(legacy.contains("final ") && legacy.stream().anyMatch(t -> t.contains("managedBlock")),
                sarif::toString);
        List<String> modern = insertedText(run, "NewPause.java");
        assertTrue(!modern.contains("final ") && modern.stream().anyMatch(t -> t.contains("managedBlock")),
                sarif::toString);
        JsonNode levels = run.get("invocations").get(0).get("properties").get("fjdoctorSettings").get("javaLevels");
        assertEquals(2, levels.size(), levels::toString);
        assertEquals(6, levels.get(0).get("level").asInt());
        assertTrue(levels.get(0).get("origin").asText().startsWith(legacyOrigin), levels::toString);
        assertEquals(17, levels.get(1).get("level").asInt());

        Cli.Result text = Cli.run("scan", "--fail-on", "none", repo.toString());
        assertTrue(text.out().contains("Settings file: none\n"), text::toString);
        assertTrue(text.out().contains("Java level 6 (1 file): " + legacyOrigin), text::toString);

        Cli.Result html = Cli.run("scan", "--format", "html", "--fail-on", "none", repo.toString());
        assertTrue(html.out().contains(">Java level 6 (1 file): " + legacyOrigin), html::toString);
        assertTrue(html.out().contains(">Settings file: none<"), html::toString);

        Cli.Result fix = Cli.run("fix", "--dry-run", repo.toString());
        assertEquals(ExitCodes.OK, fix.exit(), fix::toString);
        assertTrue(fix.err().contains("fjdoctor: Java level 6, from " + legacyOrigin), fix::toString);
        assertTrue(fix.err().contains("verified at each file's own Java level (6 to 17): "), fix::toString);
        String diff = fix.out();
        int newFile = diff.indexOf("NewPause.java");
        int oldFile = diff.indexOf("OldPause.java");
        assertTrue(newFile >= 0 && oldFile >= 0, diff);
        String oldDiff = oldFile < newFile ? diff.substring(oldFile, newFile) : diff.substring(oldFile);
        String newDiff = newFile < oldFile ? diff.substring(newFile, oldFile) : diff.substring(newFile);
        assertTrue(oldDiff.contains("+        final long delay = n * 2L;"), diff);
        assertFalse(newDiff.contains("final long delay"), diff);
    }

    /** Every offered replacement's text for findings in {@code file}. */
    private static List<String> insertedText(JsonNode run, String file) {
        List<String> text = new ArrayList<>();
        for (JsonNode result : run.get("results")) {
            String uri = result.get("locations").get(0).get("physicalLocation").get("artifactLocation").get("uri").asText();
            if (!uri.endsWith(file) || !result.has("fixes")) {
                continue;
            }
            for (JsonNode change : result.get("fixes").findValues("insertedContent")) {
                text.add(change.get("text").asText());
            }
        }
        return text;
    }

    /** Regression (issue 26): a stray settings file above a repository silenced rules without a word. */
    @Test
    void aStraySettingsFileAboveTheRepositoryIsIgnoredAndTheReportSaysSo() throws IOException {
        Path project = repo.resolve("project");
        SourceTrees.withFindings(project.resolve("src"));
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(repo.resolve(".fjdoctor.yml"), "rules:\n  copy-on-fork: off\n");
        Cli.Result result = Cli.run("scan", "--format", "json", "--fail-on", "none", project.resolve("src").toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertTrue(json.get("settings").get("file").isNull(), result::toString);
        List<String> rules = new ArrayList<>();
        json.get("findings").forEach(f -> rules.add(f.get("ruleId").asText()));
        assertTrue(rules.contains("copy-on-fork"), result::toString);

        Path own = Files.writeString(project.resolve(".fjdoctor.yml"), "rules:\n  copy-on-fork: off\n");
        Cli.Result configured = Cli.run("scan", "--format", "json", "--fail-on", "none", project.resolve("src").toString());
        JsonNode withFile = new ObjectMapper().readTree(configured.out());
        assertEquals(own.toString(), withFile.get("settings").get("file").asText(), configured::toString);
        assertFalse(configured.out().contains("\"copy-on-fork\""), configured::toString);
    }

    /** Regression (issue 26): {@code --config} on a FIFO hung, on {@code /dev/zero} ran out of memory. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aConfigThatIsNoRegularFileFailsAtOnce() throws Exception {
        Path src = SourceTrees.withFindings(repo.resolve("src"));
        Path fifo = mkfifo(repo.resolve("fifo.yml"));
        Cli.Result onFifo = Cli.run("scan", "--config", fifo.toString(), src.toString());
        assertEquals(ExitCodes.USAGE, onFifo.exit(), onFifo::toString);
        assertTrue(onFifo.err().contains(fifo + ": cannot be read: it is not a regular file"), onFifo::toString);

        Cli.Result onZero = Cli.run("fix", "--dry-run", "--config", "/dev/zero", src.toString());
        assertEquals(ExitCodes.USAGE, onZero.exit(), onZero::toString);
        assertTrue(onZero.err().contains("/dev/zero: cannot be read: it is not a regular file"), onZero::toString);
    }

    /** Regression (issue 26): a FIFO on the classpath hung; a corrupt jar printed a raw stack trace. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fifosAndCorruptJarsOnTheClasspathAreOneWarningLineEach() throws Exception {
        Path src = SourceTrees.withFindings(repo.resolve("src"));
        Path fifo = mkfifo(repo.resolve("pipe.jar"));
        Path corrupt = Files.writeString(repo.resolve("corrupt.jar"), "not a zip archive");
        Path good = repo.resolve("good.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(good))) {
            zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zip.closeEntry();
        }
        String classpath = String.join(java.io.File.pathSeparator, fifo.toString(), corrupt.toString(), good.toString());
        Cli.Result result = Cli.run("scan", "--fail-on", "none", "--classpath", classpath, src.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        List<String> lines = result.err().lines().filter(l -> l.contains("classpath")).toList();
        assertEquals(List.of("fjdoctor: warning: classpath: skipped " + fifo
                        + ": not a jar or directory (a device, pipe or socket)"),
                lines.stream().filter(l -> l.contains(fifo.toString())).toList(), result::toString);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("fjdoctor: warning: classpath: skipped corrupt jar "
                + corrupt + ": ")).count(), result::toString);
        assertFalse(result.err().contains("Exception") || result.err().contains("\tat "), result::toString);
    }

    private static Path mkfifo(Path path) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertEquals(0, process.waitFor(), "mkfifo " + path);
        return path;
    }
}
