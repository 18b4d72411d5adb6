package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaLevelTest {

    @TempDir
    Path dir;

    @Test
    void parsesOldAndNewVersionNames() {
        assertEquals(5, JavaLevel.parse("1.5"));
        assertEquals(6, JavaLevel.parse("1.6"));
        assertEquals(6, JavaLevel.parse("6"));
        assertEquals(8, JavaLevel.parse("1_8"));
        assertEquals(11, JavaLevel.parse("11.0.2"));
        assertEquals(25, JavaLevel.parse(" 25 "));
        assertThrows(IllegalArgumentException.class, () -> JavaLevel.parse("1.4"));
        assertThrows(IllegalArgumentException.class, () -> JavaLevel.parse("27"));
        assertThrows(IllegalArgumentException.class, () -> JavaLevel.parse("java"));
    }

    @Test
    void mavenPropertiesAndCompilerPluginThroughParents() throws IOException {
        write("props/pom.xml", pom("<properties><maven.compiler.source>1.6</maven.compiler.source></properties>"));
        assertEquals(6, level("props/src/main/java"));

        write("release/pom.xml", pom("<properties><maven.compiler.source>1.8</maven.compiler.source>"
                + "<maven.compiler.release>11</maven.compiler.release></properties>"));
        assertEquals(11, level("release"));

        write("plugin/pom.xml", pom("<properties><jdk>1.7</jdk></properties><build><plugins><plugin>"
                + "<artifactId>maven-compiler-plugin</artifactId><configuration><source>${jdk}</source>"
                + "</configuration></plugin></plugins></build>"));
        assertEquals(7, level("plugin"));

        write("reactor/pom.xml", pom("<properties><java.version>1.5</java.version>"
                + "<maven.compiler.source>${java.version}</maven.compiler.source></properties>"));
        write("reactor/module/pom.xml", pom("<parent><groupId>g</groupId><artifactId>reactor</artifactId>"
                + "<version>1</version></parent>"));
        Optional<JavaLevel> inherited = JavaLevel.detect(List.of(dir.resolve("reactor/module")));
        assertEquals(5, inherited.orElseThrow().feature());
        assertTrue(inherited.orElseThrow().source().contains("maven.compiler.source = 1.5"), inherited.get().source());
    }

    @Test
    void gradleReleaseSourceCompatibilityAndToolchain() throws IOException {
        write("g1/build.gradle", "apply plugin: 'java'\nsourceCompatibility = JavaVersion.VERSION_1_8\n");
        assertEquals(8, level("g1"));
        write("g2/build.gradle.kts", "java {\n    toolchain {\n        languageVersion.set(JavaLanguageVersion.of(21))\n"
                + "    }\n}\n");
        assertEquals(21, level("g2"));
        write("g3/build.gradle", "// sourceCompatibility = 1.6\nsourceCompatibility = '11'\n"
                + "tasks.withType(JavaCompile) { options.release = 17 }\n");
        assertEquals(17, level("g3"));
    }

    @Test
    void eclipseSettingsAndTheLowestOfSeveralRoots() throws IOException {
        write("e/.settings/org.eclipse.jdt.core.prefs", "eclipse.preferences.version=1\n"
                + "org.eclipse.jdt.core.compiler.compliance=1.6\norg.eclipse.jdt.core.compiler.source=1.6\n");
        Files.createDirectories(dir.resolve("e/src"));
        assertEquals(6, level("e/src"));
        write("m/pom.xml", pom("<properties><maven.compiler.release>17</maven.compiler.release></properties>"));
        assertEquals(6, JavaLevel.detect(List.of(dir.resolve("m"), dir.resolve("e/src"))).orElseThrow().feature());
    }

    @Test
    void nothingDeclaredStopsAtTheGitRoot() throws IOException {
        write("outer/pom.xml", pom("<properties><maven.compiler.release>11</maven.compiler.release></properties>"));
        Files.createDirectories(dir.resolve("outer/repo/.git"));
        write("outer/repo/pom.xml", pom(""));
        Files.createDirectories(dir.resolve("outer/repo/src"));
        assertEquals(Optional.empty(), JavaLevel.detect(List.of(dir.resolve("outer/repo/src"))));
        write("broken/pom.xml", "<project><properties>");
        assertEquals(null, JavaLevel.inDirectory(dir.resolve("broken")), "a broken pom declares nothing");
    }

    private int level(String path) throws IOException {
        Files.createDirectories(dir.resolve(path));
        return JavaLevel.detect(List.of(dir.resolve(path))).orElseThrow().feature();
    }

    private static String pom(String body) {
        return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
                + "<groupId>g</groupId><artifactId>a</artifactId><version>1</version>" + body + "</project>";
    }

    private void write(String path, String text) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
