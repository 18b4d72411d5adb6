package org.fjdoctor.analyzer.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.source.SourceSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a config file says reaches the findings: rules off, severities, exclusions, depth. */
class ConfigAppliedTest {

    private static final String TASK = """
            package %s;
            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;
            class Sum extends RecursiveTask<Long> {
                final long[] data;
                Sum(long[] data) { this.data = data; }
                @Override protected Long compute() {
                    if (data.length < 64) return Arrays.stream(data).sum();
                    int mid = data.length / 2;
                    Sum left = new Sum(Arrays.copyOfRange(data, 0, mid));
                    Sum right = new Sum(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    new Helper().pause();
                    return right.compute() + left.join();
                }
            }
            class Helper {
                void pause() { deeper(); }
                void deeper() { try { Thread.sleep(1); } catch (InterruptedException e) { } }
            }
            """;

    @TempDir
    Path root;

    private List<String> scan(String yaml) throws ConfigException, NoSuchFileException {
        Config config = ConfigFile.parse(root.resolve(ConfigFile.NAME), yaml);
        Settings settings = SettingsResolver.resolve(SettingsResolver.Explicit.none(), config);
        SourceSet sources = settings.applyTo(SourceSet.of(List.of(root)));
        Analyzer.Options options = settings.applyTo(Analyzer.Options.defaults());
        return new Analyzer().scan(sources, options).findings().stream().map(this::summary).toList();
    }

    private String summary(Finding f) {
        return root.relativize(f.location().file()).toString().replace('\\', '/') + ":" + f.location().line() + " "
                + f.ruleId() + " " + f.severity().sarifLevel();
    }

    @Test
    void theFileDecidesRulesSeveritiesExclusionsAndDepth() throws Exception {
        TestTrees.write(root, "src/a/Sum.java", TASK.formatted("a"));
        TestTrees.write(root, "src/generated/b/Sum.java", TASK.formatted("b"));

        assertEquals(List.of(
                "src/a/Sum.java:10 copy-on-fork warning", "src/a/Sum.java:11 copy-on-fork warning",
                "src/a/Sum.java:19 sleepy-worker warning",
                "src/generated/b/Sum.java:10 copy-on-fork warning", "src/generated/b/Sum.java:11 copy-on-fork warning",
                "src/generated/b/Sum.java:19 sleepy-worker warning"),
                scan(""));

        assertEquals(List.of("src/a/Sum.java:10 copy-on-fork error", "src/a/Sum.java:11 copy-on-fork error"),
                scan("""
                        rules:
                          sleepy-worker: off
                          FJ2: error
                        exclude: ["src/generated/**"]
                        """));

        // The sleep is two overridable calls below compute(): depth 1 does not reach it.
        assertEquals(List.of("src/a/Sum.java:10 copy-on-fork note", "src/a/Sum.java:11 copy-on-fork note"),
                scan("rules: {copy-on-fork: note}\nexclude: [src/generated]\ndepth: 1\n"));
    }

    @Test
    void aSeverityOverrideWinsOverTheRulesOwnLevel() throws Exception {
        TestTrees.write(root, "a/Sum.java", TASK.formatted("a"));
        Analyzer.Options options = Analyzer.Options.defaults()
                .withSeverities(Map.of("sleepy-worker", Severity.ERROR));
        List<String> found = new Analyzer().scan(SourceSet.of(List.of(root)), options).findings().stream()
                .map(this::summary).toList();
        assertEquals(List.of("a/Sum.java:10 copy-on-fork warning", "a/Sum.java:11 copy-on-fork warning",
                "a/Sum.java:19 sleepy-worker error"), found);
    }
}
