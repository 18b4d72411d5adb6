package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write loop goes on past a file it cannot write, and counts only what it wrote. */
class FixWriterTest {

    @TempDir
    Path dir;

    private final Map<Path, SourceFile> originals = new LinkedHashMap<>();
    private final Map<Path, String> rewritten = new LinkedHashMap<>();
    private final List<FixSession.Applied> applied = new ArrayList<>();

    private Path file(String name) throws IOException {
        Path path = Files.writeString(dir.resolve(name), "class " + name.replace(".java", "") + " {}\n");
        String text = Files.readString(path);
        originals.put(path, SourceFile.of(path, path.toString(), name, text, StandardCharsets.UTF_8, false));
        rewritten.put(path, "final " + text);
        applied.add(new FixSession.Applied(null, new Fix("copy-on-fork", name, "Make it final", Safety.SAFE, "test",
                List.of(TextEdit.insert(path, 0, "final "))), List.of()));
        return path;
    }

    @Test
    void everyFileIsTriedAndEachFailureHasItsReason() throws IOException {
        Path a = file("A.java");
        Path deleted = file("B.java");
        Path readOnly = file("C.java");
        Path edited = file("D.java");
        Path e = file("E.java");
        Files.delete(deleted);
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));
        Files.writeString(edited, "class D { int edited; }\n");
        FixSession.Outcome outcome = new FixSession.Outcome(originals, rewritten, applied, List.of(), null, 17);

        FixWriter.Result result = FixWriter.write(outcome, List.of(dir));

        assertEquals(List.of(deleted + ": file no longer exists", readOnly + ": read-only",
                edited + ": changed on disk since it was analyzed"),
                result.notWritten().stream().map(Object::toString).toList());
        assertEquals(Set.of(a, e), result.written().rewritten().keySet());
        assertEquals(List.of("A.java", "E.java"), result.written().applied().stream().map(x -> x.fix().fingerprint()).toList());
        assertEquals("final class A {}\n", Files.readString(a));
        assertEquals("final class E {}\n", Files.readString(e));
        assertEquals("class C {}\n", Files.readString(readOnly));
        assertEquals("class D { int edited; }\n", Files.readString(edited));
    }
}
