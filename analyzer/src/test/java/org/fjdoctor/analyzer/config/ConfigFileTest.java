package org.fjdoctor.analyzer.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.TestTrees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading {@code .fjdoctor.yml}: every setting, where it is found, and an error with file and line for each mistake. */
class ConfigFileTest {

    @TempDir
    Path root;

    private Config parse(String yaml) throws ConfigException {
        return ConfigFile.parse(root.resolve(ConfigFile.NAME), yaml);
    }

    private ConfigException error(String yaml) {
        return assertThrows(ConfigException.class, () -> parse(yaml));
    }

    @Test
    void readsEverySetting() throws ConfigException {
        Config config = parse("""
                # the project's settings
                rules:
                  copy-on-fork: off
                  FJ5: error
                  sleepy-worker: Note
                  scattered-data: on
                exclude:
                  - "src/generated/**"
                  - "**/Legacy*.java"
                depth: 3
                javaLevel: 1.8
                failOn: error
                """);
        assertEquals(Optional.of(root.resolve(ConfigFile.NAME)), config.file());
        assertEquals(java.util.Set.of("copy-on-fork"), config.disabledRules());
        assertEquals(Map.of("intra-task-sync", Severity.ERROR, "sleepy-worker", Severity.NOTE), config.severities());
        assertEquals(List.of("src/generated/**", "**/Legacy*.java"), config.exclusions().globs());
        assertEquals(OptionalInt.of(3), config.callDepth());
        assertEquals(OptionalInt.of(8), config.javaLevel());
        assertEquals(Optional.of(FailOn.ERROR), config.failOn());
        assertFalse(config.rules(List.of()).stream().map(r -> r.info().id()).toList().contains("copy-on-fork"));
        assertEquals(Rules.all().size() - 1, config.rules(List.of()).size());
    }

    @Test
    void flagsWinOverTheFileAndTheFileOverTheDefaults() throws ConfigException {
        Config config = parse("depth: 3\njavaLevel: 11\nfailOn: none\nrules:\n  FJ2: off\n  FJ5: error\n");
        Settings fromFile = SettingsResolver.resolve(SettingsResolver.Explicit.none(), config);
        assertEquals(3, fromFile.callDepth().value());
        assertEquals(11, fromFile.javaLevels().lowest());
        assertEquals(FailOn.NONE, fromFile.failOn().value());
        Settings flags = SettingsResolver.resolve(SettingsResolver.Explicit.none().withCallDepth(9, "--depth")
                .withJavaLevel(21, "--java-level").withFailOn(FailOn.NOTE, "--fail-on").withRules(List.of("FJ2"))
                .withSeverities(Map.of("intra-task-sync", Severity.NOTE)), config);
        assertEquals(9, flags.callDepth().value());
        assertEquals(21, flags.javaLevels().lowest());
        assertEquals(FailOn.NOTE, flags.failOn().value());
        assertEquals(List.of("copy-on-fork"), flags.rules().stream().map(r -> r.info().id()).toList());
        assertEquals(Map.of("intra-task-sync", Severity.ERROR), fromFile.severities());
        assertEquals(Map.of("intra-task-sync", Severity.NOTE), flags.severities());

        Settings none = SettingsResolver.resolve(SettingsResolver.Explicit.none(), Config.none());
        assertEquals(7, none.callDepth().value());
        assertEquals(17, none.javaLevels().lowest());
        assertEquals(FailOn.WARNING, none.failOn().value());
        assertEquals(Rules.all().size(), none.rules().size());
    }

    @Test
    void includeTestsIsReadAndTheFlagWins() throws ConfigException {
        assertEquals(true, includeTests(parse("includeTests: true\n"), false));
        assertEquals(false, includeTests(parse("includeTests: false\n"), false));
        assertEquals(true, includeTests(parse("includeTests: false\n"), true));
        assertEquals(false, includeTests(Config.none(), false));
        ConfigException e = assertThrows(ConfigException.class,
                () -> parse("includeTests: yes please\n"));
        assertTrue(e.getMessage().contains("includeTests: expected true or false"), e.getMessage());
    }

    private static boolean includeTests(Config config, boolean flag) {
        return SettingsResolver.resolve(SettingsResolver.Explicit.none().withIncludeTests(flag, "--include-tests"),
                config).includeTests().value();
    }

    @Test
    void anEmptyFileIsEveryDefault() throws ConfigException {
        Config config = parse("# nothing yet\n");
        assertTrue(config.severities().isEmpty());
        assertEquals(OptionalInt.empty(), config.javaLevel());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown key at its line                 | 'depth: 3\\nfailon: error'                 | 2 | unknown key 'failon'; did you mean 'failOn'?
            unknown key, no near name               | 'rules: {}\\nseverity: x'                  | 2 | unknown key 'severity'; known keys: rules, exclude, depth, javaLevel, failOn, includeTests
            unknown rule                            | 'rules:\\n  FJ2: off\\n  copy-on-frok: off' | 3 | unknown rule 'copy-on-frok'; known rules: FJ1 centralized-pooling
            bad rule value                          | 'rules:\\n  FJ2: loud'                      | 2 | rule FJ2: 'loud' is neither on, off nor a severity (note, warning, error)
            rule value that is a list               | 'rules:\\n  FJ2:\\n    - off'                | 3 | the value of rule FJ2 must be a single value, not a list
            rules as a list                         | 'rules:\\n  - FJ2'                          | 2 | 'rules' must be a mapping of keys to values
            negative depth                          | 'depth: -1'                                | 1 | depth: 'depth' must be 0 or more, not -1
            depth that is not a number              | '\\n\\ndepth: deep'                         | 3 | depth: 'depth' must be a whole number, not 'deep'
            depth without a value                   | 'depth:'                                   | 1 | depth has no value
            Java level out of range                 | 'javaLevel: 4'                             | 1 | javaLevel: Java 4 is not supported (from 1.5 to 26)
            unknown failOn                          | 'failOn: always'                           | 1 | failOn: unknown level 'always' (expected note, warning, error or none)
            exclude that is not a list              | 'exclude: src/gen'                         | 1 | 'exclude' must be a list of globs (- src/generated/**)
            exclude glob that is invalid            | 'exclude:\\n  - ok/**\\n  - \"bad[\"'          | 3 | is not a valid glob
            a key given twice                       | 'depth: 3\\ndepth: 4'                       | 2 | 'depth' appears twice in the top level
            not YAML                                | 'rules:\\n  FJ2: off\\n bad: [1, 2'            | 3 | not valid YAML
            a list at the top                       | '- depth'                                  | 1 | the top level must be a mapping of keys to values
            """)
    void mistakesNameTheFileAndLine(String name, String yaml, int line, String message) {
        ConfigException e = error(yaml.replace("\\n", "\n"));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(root.resolve(ConfigFile.NAME) + ":" + line + ": "), e.getMessage());
        assertTrue(e.problem().contains(message), e.getMessage());
    }

    @Test
    void aMissingUnreadableOrNonUtf8FileIsAnErrorNamingIt() throws IOException {
        Path missing = root.resolve("nowhere.yml");
        assertEquals(missing + ": does not exist",
                assertThrows(ConfigException.class, () -> ConfigFile.load(missing)).getMessage());
        assertEquals(root + ": cannot be read: it is a directory",
                assertThrows(ConfigException.class, () -> ConfigFile.load(root)).getMessage());
        Path latin1 = Files.write(root.resolve("latin1.yml"), new byte[] {'d', 'e', 'p', 't', 'h', ':', ' ', (byte) 0xE9});
        assertEquals(latin1 + ": is not valid UTF-8",
                assertThrows(ConfigException.class, () -> ConfigFile.load(latin1)).getMessage());
    }

    @Test
    void foundInTheScannedDirectoryOrAboveItUpToTheProjectRoot() throws IOException {
        Path project = root.resolve("project");
        Path sources = Files.createDirectories(project.resolve("module/src/main/java"));
        Files.createDirectories(project.resolve(".git"));
        Path file = TestTrees.write(sources, "p/A.java", "package p; class A {}");
        assertEquals(Optional.empty(), ConfigFile.find(sources));

        Path config = Files.writeString(project.resolve(ConfigFile.NAME), "depth: 2\n");
        assertEquals(Optional.of(config), ConfigFile.find(sources));
        assertEquals(Optional.of(config), ConfigFile.find(file));

        Path nearer = Files.writeString(project.resolve("module").resolve(ConfigFile.NAME), "depth: 4\n");
        assertEquals(Optional.of(nearer), ConfigFile.find(sources));

        // A repository's root ends the search: a file above it belongs to something else.
        Files.delete(nearer);
        Files.createDirectories(project.resolve("module/.git"));
        assertEquals(Optional.empty(), ConfigFile.find(sources));
    }

    /**
     * Regression (issue 26): a stray file found by walking up outside any git work tree silenced rules
     * without a word. Outside a work tree and the home directory only the scanned directory itself counts.
     */
    @Test
    void aStrayFileAboveAnUnversionedTreeIsIgnored() throws IOException {
        Path stray = Files.writeString(root.resolve(ConfigFile.NAME), "rules:\n  copy-on-fork: off\n");
        Path project = Files.createDirectories(root.resolve("project"));
        Path sources = Files.createDirectories(project.resolve("src"));
        assertEquals(Optional.empty(), ConfigFile.find(sources));
        assertEquals(Optional.empty(), ConfigFile.find(project));
        assertEquals(Optional.of(stray), ConfigFile.find(root));
        Path own = Files.writeString(sources.resolve(ConfigFile.NAME), "depth: 2\n");
        assertEquals(Optional.of(own), ConfigFile.find(sources));

        // Inside a work tree the walk goes up to its top, and no further.
        Files.delete(own);
        Files.createDirectories(project.resolve(".git"));
        assertEquals(Optional.empty(), ConfigFile.find(sources));
        Path top = Files.writeString(project.resolve(ConfigFile.NAME), "depth: 3\n");
        assertEquals(Optional.of(top), ConfigFile.find(sources));
    }

    /** The home directory ends the walk as a work tree's top does. */
    @Test
    void theWalkStopsAtTheHomeDirectory() throws IOException {
        Path home = Files.createDirectories(root.resolve("home/user"));
        Path sources = Files.createDirectories(home.resolve("work/project/src"));
        Files.writeString(root.resolve("home").resolve(ConfigFile.NAME), "depth: 1\n");
        String saved = System.getProperty("user.home");
        System.setProperty("user.home", home.toString());
        try {
            assertEquals(Optional.empty(), ConfigFile.find(sources));
            Path inHome = Files.writeString(home.resolve(ConfigFile.NAME), "depth: 2\n");
            assertEquals(Optional.of(inHome), ConfigFile.find(sources));
        } finally {
            System.setProperty("user.home", saved);
        }
    }

    /**
     * Regression (issue 26): {@code --config /dev/zero} ran out of memory and a FIFO hung. Only regular files
     * up to a size are read. The timeout is a hang detector.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void onlyRegularFilesOfModestSizeAreRead() throws Exception {
        Path fifo = TestTrees.mkfifo(root.resolve("fifo.yml"));
        assertEquals(fifo + ": cannot be read: it is not a regular file (a device, pipe or socket)",
                assertThrows(ConfigException.class, () -> ConfigFile.load(fifo)).getMessage());
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            assertEquals("/dev/zero: cannot be read: it is not a regular file (a device, pipe or socket)",
                    assertThrows(ConfigException.class, () -> ConfigFile.load(zero)).getMessage());
        }
        Path huge = Files.write(root.resolve("huge.yml"), new byte[ConfigFile.MAX_SIZE + 1]);
        assertEquals(huge + ": is larger than 1024 KiB; not a settings file",
                assertThrows(ConfigException.class, () -> ConfigFile.load(huge)).getMessage());
    }

    @Test
    void scannedPathsMustAgreeOnTheirFileUnlessOneIsNamed() throws IOException, ConfigException {
        Path a = Files.createDirectories(root.resolve("a"));
        Path b = Files.createDirectories(root.resolve("b"));
        Files.writeString(a.resolve(ConfigFile.NAME), "depth: 1\n");
        Files.writeString(b.resolve(ConfigFile.NAME), "depth: 2\n");
        assertEquals(OptionalInt.of(1), ConfigFile.forPaths(null, List.of(a)).callDepth());
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.forPaths(null, List.of(a, b)));
        assertTrue(e.getMessage().contains("different config files"), e.getMessage());
        Path named = Files.writeString(root.resolve("ci.yml"), "depth: 5\n");
        assertEquals(OptionalInt.of(5), ConfigFile.forPaths(named, List.of(a, b)).callDepth());
        assertEquals(Config.none(), ConfigFile.forPaths(null, List.of(Files.createDirectories(root.resolve("c")))));
    }

    @Test
    void severityOverridesNameARuleByIdOrCode() {
        assertEquals(Map.entry("copy-on-fork", Severity.ERROR), Config.severityOverride("FJ2=error"));
        assertEquals(Map.entry("sleepy-worker", Severity.NOTE), Config.severityOverride("sleepy-worker=note"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Config.severityOverride("FJ99=note"))
                .getMessage().startsWith("unknown rule 'FJ99'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Config.severityOverride("FJ2"))
                .getMessage().contains("is not RULE=LEVEL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Config.severityOverride("FJ2=loud"))
                .getMessage().contains("unknown severity 'loud'"));
    }

    @Test
    void everyRuleCanBeNamed() throws ConfigException {
        StringBuilder yaml = new StringBuilder("rules:\n");
        for (Rule rule : org.fjdoctor.analyzer.Rules.all()) {
            yaml.append("  ").append(rule.info().id()).append(": off\n");
        }
        assertTrue(parse(yaml.toString()).rules(List.of()).isEmpty());
    }
}
