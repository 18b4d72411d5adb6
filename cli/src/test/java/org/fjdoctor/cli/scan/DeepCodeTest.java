package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated code as deep as javac accepts next to a fork/join file: scan, fix and patch report on the
 * fork/join file and exit with the findings' code, where they ended with "internal error: StackOverflowError".
 */
class DeepCodeTest {

    @TempDir
    Path dir;

    @BeforeEach
    void writeTree() throws IOException {
        Path p = Files.createDirectories(dir.resolve("src/p"));
        Files.writeString(p.resolve("Pause.java"), """
                package p;

                import java.util.concurrent.RecursiveAction;

                class Pause extends RecursiveAction {
                    @Override
                    protected void compute() {
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """);
        String terms = IntStream.range(0, 2000).mapToObj(i -> "\"a" + i + "\"").collect(Collectors.joining(" + "));
        Files.writeString(p.resolve("Generated.java"), "package p;\n\nclass Generated { String s = " + terms + "; }\n");
    }

    @Test
    void scanReportsTheTaskFileAndExitsWithTheFindingsCode() {
        Cli.Result result = Cli.run("scan", dir.resolve("src").toString());

        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        assertTrue(result.out().contains("sleepy-worker"), result::toString);
        assertFalse(result.err().contains("internal error"), result::toString);
    }

    @Test
    void fixDryRunFixesTheTaskFile() {
        Cli.Result result = Cli.run("fix", "--dry-run", dir.resolve("src").toString());

        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("+++ b/p/Pause.java"), result::toString);
        assertFalse(result.err().contains("internal error"), result::toString);
    }
}
