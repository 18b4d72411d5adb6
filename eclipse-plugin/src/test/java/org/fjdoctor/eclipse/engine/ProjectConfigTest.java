package org.fjdoctor.eclipse.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.ConfigFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project's {@code .fjdoctor.yml} in the plugin's analysis, with the preferences on top. */
class ProjectConfigTest {

    private static final Path ARRAY_SUM = Corpus.ROOT.resolve("copyonfork/positive/arraysum/ArraySum.java");
    /** A task that sleeps in an overridable method of another class: one counted call below compute(). */
    private static final Map<String, String> SLEEPY = Map.of(
            "src/b/Fill.java", """
                    package b;
                    import java.util.concurrent.RecursiveAction;
                    public class Fill extends RecursiveAction {
                        private final Pacer pacer = new Pacer();
                        @Override
                        protected void compute() {
                            pacer.pause();
                        }
                    }
                    """,
            "src/b/Pacer.java", """
                    package b;
                    public class Pacer {
                        public void pause() {
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                    """);

    @TempDir
    Path project;

    private List<String> markers(Settings preferences, String yaml) throws IOException, ConfigException {
        Files.createDirectories(project.resolve("src/a"));
        Files.copy(ARRAY_SUM, project.resolve("src/a/ArraySum.java"), StandardCopyOption.REPLACE_EXISTING);
        Config config = ConfigFile.parse(project.resolve(ConfigFile.NAME), yaml);
        return EngineScan.run(List.of(project), null, preferences, config).markers().stream()
                .map(m -> project.relativize(m.file()) + ":" + m.attributes().get(MarkerAttributes.LINE_NUMBER) + " "
                        + m.attributes().get(MarkerAttributes.RULE_ID) + " "
                        + m.attributes().get(MarkerAttributes.FJDOCTOR_SEVERITY) + " "
                        + m.attributes().get(MarkerAttributes.SEVERITY))
                .toList();
    }

    @Test
    void theFilesSeverityIsWhatThePreferencesMap() throws Exception {
        assertEquals(List.of("src/a/ArraySum.java:29 copy-on-fork WARNING 1", "src/a/ArraySum.java:30 copy-on-fork WARNING 1"),
                markers(Settings.defaults(), ""));
        assertEquals(List.of("src/a/ArraySum.java:29 copy-on-fork ERROR 2", "src/a/ArraySum.java:30 copy-on-fork ERROR 2"),
                markers(Settings.defaults(), "rules:\n  copy-on-fork: error\n"));
        Settings errorsAsWarnings = new Settings(Set.of(),
                SeverityMapping.defaults().with(Severity.ERROR, SeverityMapping.WARNING));
        assertEquals(List.of("src/a/ArraySum.java:29 copy-on-fork ERROR 1", "src/a/ArraySum.java:30 copy-on-fork ERROR 1"),
                markers(errorsAsWarnings, "rules:\n  copy-on-fork: error\n"));
    }

    @Test
    void aRuleRunsOnlyWhenNeitherTheFileNorThePreferencesSwitchItOff() throws Exception {
        assertEquals(List.of(), markers(Settings.defaults(), "rules:\n  FJ2: off\n"));
        assertEquals(List.of(), markers(new Settings(Set.of("copy-on-fork"), SeverityMapping.defaults()),
                "rules:\n  FJ2: on\n"));
    }

    @Test
    void exclusionsAndDepthApply() throws Exception {
        assertEquals(List.of(), markers(Settings.defaults(), "exclude: [\"src/a/**\"]\n"));
        Files.createDirectories(project.resolve("src/b"));
        for (Map.Entry<String, String> file : SLEEPY.entrySet()) {
            Files.writeString(project.resolve(file.getKey()), file.getValue());
        }
        // The sleep is in an overridable method the task calls: depth 0 follows no such call.
        List<String> deep = markers(Settings.defaults(), "exclude: [\"src/a/**\"]\n");
        assertEquals(1, deep.stream().filter(m -> m.contains("sleepy-worker")).count(), deep::toString);
        assertEquals(List.of(), markers(Settings.defaults(), "exclude: [\"src/a/**\"]\ndepth: 0\n"));
    }

    @Test
    void aMistakeBecomesAnErrorMarkerOnItsLine() {
        ConfigException error = assertThrows(ConfigException.class,
                () -> ConfigFile.parse(project.resolve(ConfigFile.NAME), "depth: 3\nfail-on: error\n"));
        Map<String, Object> attributes = MarkerAttributes.of(error);
        assertEquals(2, attributes.get(MarkerAttributes.LINE_NUMBER));
        assertEquals(SeverityMapping.ERROR, attributes.get(MarkerAttributes.SEVERITY));
        assertEquals("fjdoctor settings: unknown key 'fail-on'; did you mean 'failOn'?",
                attributes.get(MarkerAttributes.MESSAGE));
    }
}
