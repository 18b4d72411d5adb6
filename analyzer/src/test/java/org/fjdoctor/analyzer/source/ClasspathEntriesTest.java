package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.fjdoctor.analyzer.TestTrees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classpath entries the compiler cannot use are skipped with one line each. Regression (issue 26): a FIFO
 * on the classpath hung the scan, a corrupt jar printed a raw stack trace.
 */
class ClasspathEntriesTest {

    @TempDir
    Path dir;

    /**
     * A hang detector: the FIFO has no writer, so opening it would block for ever, and uninterruptibly,
     * hence the timeout's own thread.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fifosAndCorruptJarsAreSkippedWithOneLineEach() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path jar = dir.resolve("good.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            zip.putNextEntry(new ZipEntry("p/A.class"));
            zip.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            zip.closeEntry();
        }
        Path corrupt = Files.writeString(dir.resolve("corrupt.jar"), "this is not a zip archive");
        Path fifo = TestTrees.mkfifo(dir.resolve("pipe.jar"));

        List<String> warnings = new ArrayList<>();
        List<Path> usable = ClasspathEntries.usable(List.of(classes, jar, corrupt, fifo), warnings::add);

        assertEquals(List.of(classes, jar), usable);
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("classpath: skipped corrupt jar " + corrupt + ": "), warnings::toString);
        assertEquals("classpath: skipped " + fifo + ": not a jar or directory (a device, pipe or socket)",
                warnings.get(1));
        warnings.forEach(w -> assertTrue(!w.contains("\n") && !w.contains("Exception"), w));
    }
}
