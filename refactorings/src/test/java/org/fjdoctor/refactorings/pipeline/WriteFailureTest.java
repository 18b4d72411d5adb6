package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** A failed write is explained by the system's reason, never by the temporary file it was writing. */
class WriteFailureTest {

    private static final String TEMP = "/src/demo/.Task.java.12345.tmp";

    @Test
    void reasonsArePlainAndNameNoTemporaryFile() {
        assertEquals("permission denied", WriteFailure.reason(new AccessDeniedException(TEMP)));
        assertEquals("no space left on device",
                WriteFailure.reason(new FileSystemException(TEMP, null, "No space left on device")));
        assertEquals("no space left on device", WriteFailure.reason(new IOException("No space left on device")));
        assertEquals("read-only file system",
                WriteFailure.reason(new FileSystemException(TEMP, "/src/demo/Task.java", "Read-only file system")));
        assertEquals("no such file or directory", WriteFailure.reason(new NoSuchFileException(TEMP)));
        assertEquals("read-only", WriteFailure.reason(new AtomicFile.ReadOnlyException(Path.of("/src/demo/Task.java"))));
    }
}
