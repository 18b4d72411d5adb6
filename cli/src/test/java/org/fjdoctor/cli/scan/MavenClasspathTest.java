package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Runs against fake Maven wrappers, so it needs neither Maven nor the network. */
@DisabledOnOs(OS.WINDOWS)
class MavenClasspathTest {

    @TempDir
    Path project;

    private final List<String> warnings = new ArrayList<>();

    private void wrapper(String body) throws IOException {
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        Path mvnw = project.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private List<Path> resolve(Duration timeout) {
        return new MavenClasspath(timeout, warnings::add, message -> { }).resolve(List.of(project));
    }

    @Test
    void readsTheClasspathEveryModuleWrote() throws IOException {
        // Like Maven, expand ${project.artifactId} in the output file name, once per module.
        wrapper("""
                for arg in "$@"; do
                  case "$arg" in -Dmdep.outputFile=*) out="${arg#-Dmdep.outputFile=}";; esac
                done
                printf '%s' "/lib/a.jar" > "$(echo "$out" | sed 's/${project.groupId}.${project.artifactId}/g.one/')"
                printf '%s' "/lib/b.jar""" + File.pathSeparator + """
                /lib/a.jar" > "$(echo "$out" | sed 's/${project.groupId}.${project.artifactId}/g.two/')"
                """);
        assertEquals(List.of(Path.of("/lib/a.jar"), Path.of("/lib/b.jar")), resolve(Duration.ofSeconds(30)));
        assertEquals(List.of(), warnings);
    }

    @Test
    void aFailingBuildGivesAWarningWithMavensOutput() throws IOException {
        wrapper("echo '[ERROR] Could not resolve dependencies for project demo'; exit 1");
        assertEquals(List.of(), resolve(Duration.ofSeconds(30)));
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("Maven failed (exit code 1)"), warnings::toString);
        assertTrue(warnings.get(0).contains("scanning without a classpath"), warnings::toString);
        assertTrue(warnings.get(0).contains("Could not resolve dependencies"), warnings::toString);
    }

    @Test
    void aHangingBuildIsStoppedAfterTheTimeout() throws IOException {
        wrapper("sleep 60");
        long start = System.nanoTime();
        assertEquals(List.of(), resolve(Duration.ofMillis(500)));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos());
        assertTrue(warnings.get(0).contains("did not finish"), warnings::toString);
    }

    @Test
    void prefersTheProjectsWrapper() throws IOException {
        wrapper("exit 0");
        assertEquals(List.of(project.resolve("mvnw").toString()), MavenClasspath.mavenLauncher(project));
        Files.delete(project.resolve("mvnw"));
        assertEquals(List.of("mvn"), MavenClasspath.mavenLauncher(project));
    }
}
