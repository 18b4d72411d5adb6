package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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

    @Test
    void aLinkIsWrittenThroughAndStaysALink() throws IOException {
        Path target = Files.writeString(dir.resolve("target.txt"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), target.getFileName());
        AtomicFile.write(link, "new".getBytes());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(target));
    }

    @Test
    void aReadOnlyFileIsRefusedAndKept() throws IOException {
        Path file = Files.writeString(dir.resolve("A.java"), "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        IOException refused = assertThrows(IOException.class, () -> AtomicFile.write(file, "new".getBytes()));
        assertEquals("read-only", WriteFailure.reason(refused));
        assertEquals("old", Files.readString(file));
    }

    @Test
    void aDeviceIsWrittenIntoNotReplaced() throws IOException {
        AtomicFile.write(Path.of("/dev/null"), "discarded".getBytes());
        assertTrue(!Files.isRegularFile(Path.of("/dev/null")) && Files.exists(Path.of("/dev/null")));
        IOException full = assertThrows(IOException.class, () -> AtomicFile.write(Path.of("/dev/full"), new byte[] {1}));
        assertEquals("no space left on device", WriteFailure.reason(full));
    }
}
