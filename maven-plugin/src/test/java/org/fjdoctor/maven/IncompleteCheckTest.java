package org.fjdoctor.maven;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fjdoctor:check on an analysis that is incomplete (a model of fjdoctor's failed on part of the module): the
 * build fails as on a failing finding, or, with {@code failOnIncomplete} off, warns and passes.
 */
class IncompleteCheckTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    @Test
    void anIncompleteAnalysisFailsTheBuildByDefault() throws Exception {
        CheckMojo check = check();

        MojoFailureException failure = assertThrows(MojoFailureException.class,
                () -> check.verdict(List.of(), result(incomplete()), settings()));

        assertTrue(failure.getMessage().startsWith("fjdoctor: ANALYSIS INCOMPLETE: fjdoctor failed on part of demo"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("<failOnIncomplete>false</failOnIncomplete> only warns"),
                failure.getMessage());
    }

    @Test
    void withFailOnIncompleteOffItWarns() throws Exception {
        CheckMojo check = check();
        check.failOnIncomplete = false;
        Settings settings = settings(check);

        assertDoesNotThrow(() -> check.verdict(List.of(), result(incomplete()), settings));

        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("fjdoctor: ANALYSIS INCOMPLETE"), warnings::toString);
    }

    /** The settings file can turn it off for every front end; the Maven parameter, when set, wins over it. */
    @Test
    void theSettingsFileDecidesUnlessTheParameterIsSet() throws Exception {
        Files.writeString(dir.resolve(".fjdoctor.yml"), "failOnIncomplete: false\n");
        CheckMojo check = check();
        Settings fromFile = settings(check);

        assertDoesNotThrow(() -> check.verdict(List.of(), result(incomplete()), fromFile));
        assertEquals(1, warnings.size(), warnings::toString);

        check.failOnIncomplete = true;
        Settings fromParameter = settings(check);
        assertThrows(MojoFailureException.class, () -> check.verdict(List.of(), result(incomplete()), fromParameter));
    }

    @Test
    void aCompleteAnalysisWithoutFindingsPasses() throws Exception {
        CheckMojo check = check();

        assertDoesNotThrow(() -> check.verdict(List.of(), result(List.of()), settings()));

        assertEquals(List.of(), warnings);
    }

    private CheckMojo check() {
        CheckMojo check = new CheckMojo();
        check.project = new MavenProject();
        check.project.setArtifactId("demo");
        check.outputDirectory = new File(dir.toFile(), "fjdoctor");
        check.setLog(new SystemStreamLog() {
            @Override
            public void warn(CharSequence content) {
                warnings.add(content.toString());
            }
        });
        return check;
    }

    /** The problem an analysis reports when a variant's model threw while it was built. */
    private List<FileProblem> incomplete() {
        Path file = dir.resolve("src/main/java/demo/Sum.java");
        return List.of(new FileProblem(file, "src/main/java/demo/Sum.java", FileProblem.Kind.MODEL_FAILED,
                "the fork/join model could not be built: StackOverflowError; this variant's 1 file(s) were not"
                        + " analysed", false));
    }

    private static ScanResult result(List<FileProblem> problems) {
        return new ScanResult(List.of(), List.of(), problems, 1, 30, 1, 10);
    }

    /** As the check resolves them: its parameter over the settings file in {@code dir}. */
    private Settings settings(CheckMojo check) throws Exception {
        return SettingsResolver.resolve(SettingsResolver.Explicit.none()
                .withFailOnIncomplete(check.failOnIncomplete, "<failOnIncomplete>"), List.of(dir));
    }

    private Settings settings() throws Exception {
        return SettingsResolver.resolve(SettingsResolver.Explicit.none(), List.of(dir));
    }
}
