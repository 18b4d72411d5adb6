package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.SourceSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fix in a file with code as deep as javac accepts: verification compiles the rewritten file in
 * process, which overflowed the caller's stack before fixing ran on a large one.
 */
class DeepFileFixTest {

    @TempDir
    Path dir;

    @Test
    void aFixInADeepFileIsVerifiedAndApplied() throws IOException {
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

                    static int generated(int x) {
                        %s
                        return x;
                    }
                }
                """.formatted("if (x > 0) { ".repeat(2000) + "x++;" + " }".repeat(2000)), StandardCharsets.UTF_8);
        Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(dir.resolve("src"))),
                Analyzer.Options.defaults());
        Path classes = Files.createDirectories(dir.resolve("classes"));

        FixSession.Outcome outcome = FixSession.run(analysis, true,
                new Verifier(analysis.files(), List.of(classes), analysis.javaLevel(), null));

        assertEquals(Verifier.Compilation.COMPILED, outcome.compilation(), outcome.compilation().description());
        assertEquals(1, outcome.applied().size(), outcome.skipped().toString());
        assertTrue(outcome.rewritten().keySet().stream().anyMatch(path -> path.endsWith("Pause.java")));
    }
}
