package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.TestTrees;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each file's level comes from the nearest build settings at or above it: a subproject that declares 1.6
 * in a repository scanned from its root is at 6, the rest at the default. Regression (issue 26): the level
 * was read only at or above the scanned paths, so the subproject got 17.
 */
class JavaLevelsTest {

    @TempDir
    Path repo;

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            legacy/pom.xml                                     | <project><properties><maven.compiler.source>1.6</maven.compiler.source></properties></project> | pom.xml at {dir} (maven.compiler.source = 1.6)
            legacy/build.gradle                                | sourceCompatibility = 1.6                                                                         | build.gradle at {dir} (sourceCompatibility = 1.6)
            legacy/.settings/org.eclipse.jdt.core.prefs        | org.eclipse.jdt.core.compiler.source=1.6                                                          | .settings/org.eclipse.jdt.core.prefs at {dir} (org.eclipse.jdt.core.compiler.source = 1.6)
            """)
    void aSubprojectsLevelAppliesToItsFilesOnly(String buildFile, String content, String origin) throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        TestTrees.write(repo, buildFile, content);
        Path old = TestTrees.write(repo, "legacy/src/main/java/p/Old.java", "package p; class Old {}");
        Path recent = TestTrees.write(repo, "app/src/main/java/p/New.java", "package p; class New {}");

        JavaLevels levels = JavaLevels.fromBuild(new JavaLevel(JavaLevel.DEFAULT, "default"))
                .resolve(List.of(old, recent));

        assertEquals(6, levels.feature(old));
        assertEquals(17, levels.feature(recent));
        assertEquals(origin.replace("{dir}", repo.resolve("legacy").toString()), levels.of(old).source());
        assertEquals(6, levels.lowest());
        assertEquals(17, levels.highest());
        List<JavaLevels.Use> uses = levels.uses();
        assertEquals(2, uses.size(), uses::toString);
        assertEquals(List.of(6, 17), uses.stream().map(u -> u.level().feature()).toList());
        assertEquals(List.of(1, 1), uses.stream().map(JavaLevels.Use::files).toList());
        assertTrue(levels.describe().get(0).startsWith("Java 6 (1 file) from "), levels.describe()::toString);
    }

    @ParameterizedTest
    @CsvSource({"true", "false"})
    void aNamedLevelAppliesToEveryFile(boolean withBuild) {
        if (withBuild) {
            TestTrees.write(repo, "legacy/build.gradle", "sourceCompatibility = 1.6\n");
        }
        Path old = TestTrees.write(repo, "legacy/src/p/Old.java", "package p; class Old {}");
        JavaLevels levels = JavaLevels.uniform(11, "--java-level").resolve(List.of(old));
        assertEquals(11, levels.feature(old));
        assertEquals("--java-level", levels.of(old).source());
        assertTrue(levels.isUniform());
    }
}
