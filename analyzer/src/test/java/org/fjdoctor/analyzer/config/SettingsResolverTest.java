package org.fjdoctor.analyzer.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One resolution for every front end: explicit values over the settings file over the build, each with its origin. */
class SettingsResolverTest {

    @TempDir
    Path repo;

    @Test
    void explicitValuesWinOverTheFileWhichWinsOverTheBuildAndTheDefault() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        TestTrees.write(repo, "legacy/pom.xml",
                "<project><properties><maven.compiler.source>1.6</maven.compiler.source></properties></project>");
        Path file = TestTrees.write(repo, "legacy/src/p/A.java", "package p; class A {}");

        Settings byBuild = SettingsResolver.resolve(SettingsResolver.Explicit.none(), List.of(repo));
        assertEquals(Optional.empty(), byBuild.file());
        assertEquals(6, byBuild.javaLevels().feature(file));
        assertEquals(new Setting<>(Config.DEFAULT_FAIL_ON, "default"), byBuild.failOn());
        assertEquals("settings file: none", byBuild.fileLine());

        Path yml = Files.writeString(repo.resolve(ConfigFile.NAME), "javaLevel: 8\ndepth: 3\nfailOn: error\n");
        Settings byFile = SettingsResolver.resolve(SettingsResolver.Explicit.none(), List.of(repo));
        assertEquals(Optional.of(yml), byFile.file());
        assertEquals(8, byFile.javaLevels().feature(file));
        assertEquals("javaLevel in " + yml, byFile.javaLevels().of(file).source());
        assertEquals(new Setting<>(3, "depth in " + yml), byFile.callDepth());
        assertEquals(new Setting<>(FailOn.ERROR, "failOn in " + yml), byFile.failOn());

        Settings byFlags = SettingsResolver.resolve(SettingsResolver.Explicit.none()
                .withJavaLevel(11, "--java-level").withCallDepth(5, "--depth").withFailOn(FailOn.NONE, "--fail-on")
                .withRules(List.of(" FJ5 ")), List.of(repo));
        assertEquals(11, byFlags.javaLevels().feature(file));
        assertEquals("--java-level", byFlags.javaLevels().of(file).source());
        assertEquals(new Setting<>(5, "--depth"), byFlags.callDepth());
        assertEquals(new Setting<>(FailOn.NONE, "--fail-on"), byFlags.failOn());
        assertEquals(1, byFlags.rules().size());
    }

    @Test
    void theHostBuildsLevelStandsInForTheBuildFilesAndTheSettingsFile() throws Exception {
        TestTrees.write(repo, "pom.xml",
                "<project><properties><maven.compiler.source>1.6</maven.compiler.source></properties></project>");
        Path file = TestTrees.write(repo, "src/p/A.java", "package p; class A {}");
        SettingsResolver.Explicit host = SettingsResolver.Explicit.none().withHostLevel(new JavaLevel(7, "the module"));
        assertEquals(7, SettingsResolver.resolve(host, Config.none()).javaLevels().feature(file));
        // As Maven's goals document: the POM's level wins over the settings file's, a flag over both.
        Config withLevel = ConfigFile.parse(repo.resolve(ConfigFile.NAME), "javaLevel: 11\n");
        assertEquals(7, SettingsResolver.resolve(host, withLevel).javaLevels().feature(file));
        assertEquals(21, SettingsResolver.resolve(host.withJavaLevel(21, "--java-level"), withLevel)
                .javaLevels().feature(file));
    }

    @Test
    void wrongExplicitValuesAreUsageErrorsNamingTheirFlag() {
        assertEquals("--depth must be 0 or more, not -1", assertThrows(IllegalArgumentException.class,
                () -> SettingsResolver.resolve(SettingsResolver.Explicit.none().withCallDepth(-1, "--depth"),
                        Config.none())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SettingsResolver.resolve(
                SettingsResolver.Explicit.none().withRules(List.of("no-such-rule")), Config.none()));
    }
}
