package org.fjdoctor.eclipse.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigFile;
import org.fjdoctor.analyzer.engine.Engine.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builder's warm analysis: a build after an edit outside the analysed scope keeps the model and touches
 * no marker, an edit that adds or removes a finding replaces the markers of that file alone, and after
 * every build the markers equal those of a cold scan of the same tree.
 */
class WarmScanTest {

    private static final String REPORT = """
            package app.report;
            class Report { synchronized String line(Object o) { return String.valueOf(o); } }
            """;

    @TempDir
    Path project;

    @Test
    void buildsKeepTheModelForOutsideEditsAndReplaceOnlyTheMarkersThatChanged() throws Exception {
        write("app/Crawl.java", """
                package app;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    @Override protected void compute() { Links.follow(1); }
                }
                """);
        write("app/Links.java", """
                package app;
                class Links { static void follow(int page) { Throttle.pause(); } }
                """);
        write("app/Throttle.java", """
                package app;
                public class Throttle {
                    public static void pause() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        write("app/report/Report.java", REPORT);
        write("app/Idle.java", """
                package app;
                class Idle { static int nothing() { return 0; } }
                """);

        try (WarmScan scan = WarmScan.open(setup(), SeverityMapping.defaults())) {
            assertEquals(List.of("app/Throttle.java:4 sleepy-worker"), describe(scan.markers()));
            assertSameAsCold(scan);

            // A report's body gains a local: outside the scope, so the model and every marker stay.
            WarmScan.Delta delta = scan.update(List.of(write("app/report/Report.java", REPORT.replace(
                    "return String.valueOf(o);", "String text = String.valueOf(o); return text;"))),
                    SeverityMapping.defaults());
            assertEquals(Outcome.KEPT_MODEL, delta.outcome());
            assertEquals(Map.of(), delta.files());
            assertEquals(0, scan.rebuilds());
            assertSameAsCold(scan);

            // A second task sleeps in its own body: a new marker in that file, the others left alone.
            Path idle = write("app/Idle.java", """
                    package app;
                    class Idle extends java.util.concurrent.RecursiveAction {
                        @Override protected void compute() {
                            try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                        }
                    }
                    """);
            delta = scan.update(List.of(idle), SeverityMapping.defaults());
            assertEquals(Outcome.REBUILT, delta.outcome());
            assertEquals(1, scan.rebuilds());
            assertEquals(Set.of(idle), delta.files().keySet());
            assertEquals(List.of("app/Idle.java:4 sleepy-worker"), describe(delta.files()));
            assertSameAsCold(scan);

            // The call chain loses its last hop: Throttle.java's marker goes, with an empty list for the file.
            Path links = write("app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { } }
                    """);
            delta = scan.update(List.of(links), SeverityMapping.defaults());
            assertEquals(Map.of(project.resolve("app/Throttle.java"), List.of()), delta.files());
            assertSameAsCold(scan);

            // Nothing changed on disk: nothing to do.
            assertEquals(Outcome.UNCHANGED, scan.update(List.of(links), SeverityMapping.defaults()).outcome());
        }
    }

    @Test
    void aNewSeverityMappingRemakesTheMarkersWithoutANewModel() throws Exception {
        Files.createDirectories(project.resolve("a"));
        Files.copy(Corpus.ROOT.resolve("copyonfork/positive/arraysum/ArraySum.java"), project.resolve("a/ArraySum.java"));
        try (WarmScan scan = WarmScan.open(setup(), SeverityMapping.defaults())) {
            SeverityMapping warningsAsErrors = SeverityMapping.defaults()
                    .with(org.fjdoctor.analyzer.Severity.WARNING, SeverityMapping.ERROR);
            WarmScan.Delta delta = scan.update(List.of(), warningsAsErrors);
            assertEquals(Outcome.UNCHANGED, delta.outcome());
            assertEquals(List.of(SeverityMapping.ERROR, SeverityMapping.ERROR), delta.files().values().stream()
                    .flatMap(List::stream).map(m -> m.attributes().get(MarkerAttributes.SEVERITY)).toList());
        }
    }

    /** Each build reads the settings file again: the same file must give an equal setup, or no model is ever kept. */
    @Test
    void theSameSettingsReadAgainGiveAnEqualSetup() throws Exception {
        String yaml = "exclude: [\"generated/**\"]\ndepth: 2\nrules:\n  FJ2: off\n";
        assertEquals(setup(yaml), setup(yaml));
        assertNotEquals(setup(yaml), setup(yaml.replace("generated", "other")));
        assertNotEquals(setup(yaml), setup(yaml.replace("depth: 2", "depth: 3")));
    }

    private ProjectSetup setup() throws Exception {
        return setup("");
    }

    private ProjectSetup setup(String yaml) throws Exception {
        Config config = ConfigFile.parse(project.resolve(ConfigFile.NAME), yaml);
        return ProjectSetup.of(List.of(project), null, Settings.defaults(), config);
    }

    private void assertSameAsCold(WarmScan scan) throws Exception {
        EngineScan.Result cold = EngineScan.run(List.of(project), null, Settings.defaults(),
                ConfigFile.parse(project.resolve(ConfigFile.NAME), ""));
        assertEquals(cold.markers(), scan.markers().values().stream().flatMap(List::stream).toList());
    }

    private List<String> describe(Map<Path, List<EngineScan.MarkerSpec>> markers) {
        List<String> described = new ArrayList<>();
        markers.values().forEach(list -> list.forEach(m -> described.add(project.relativize(m.file()) + ":"
                + m.attributes().get(MarkerAttributes.LINE_NUMBER) + " " + m.attributes().get(MarkerAttributes.RULE_ID))));
        return described;
    }

    private Path write(String relative, String text) throws IOException {
        Path file = project.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
