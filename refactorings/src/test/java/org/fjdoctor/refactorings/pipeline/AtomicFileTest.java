package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheFileAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("report.json");
        Files.writeString(file, "old");
        AtomicFile.write(file, out -> out.write("new \u00e9"));
        assertEquals("new \u00e9", Files.readString(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void aFailedWriteKeepsTheOldContent() throws IOException {
        Path file = dir.resolve("report.json");
        Files.writeString(file, "old");
        assertThrows(IOException.class, () -> AtomicFile.write(file, out -> {
            out.write("half");
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }
}
