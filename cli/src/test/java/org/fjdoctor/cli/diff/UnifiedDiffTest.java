package org.fjdoctor.cli.diff;

import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.fjdoctor.refactorings.diff.UnifiedDiff;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnifiedDiffTest {

    @TempDir
    Path dir;

    @Test
    void hunkHeadersCountContextAndChanges() {
        String before = "a\nb\nc\nd\ne\nf\ng\nh\n";
        String after = "a\nb\nc\nd\nE\nf\ng\nh\n";
        assertEquals("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n",
                UnifiedDiff.of("x", before, after));
        assertEquals(new UnifiedDiff.Stats(1, 1), UnifiedDiff.stats(before, after));
    }

    @Test
    void changesFarApartGetTheirOwnHunks() {
        StringBuilder before = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            before.append(i).append('\n');
        }
        String after = before.toString().replace("\n2\n", "\ntwo\n").replace("\n19\n", "\nnineteen\n");
        String diff = UnifiedDiff.of("x", before.toString(), after);
        assertEquals(List.of("@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"),
                diff.lines().filter(l -> l.startsWith("@@")).toList());
    }

    @Test
    void insertionIntoAnEmptyFileAndAMissingFinalNewline() {
        assertEquals("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
                UnifiedDiff.of("x", "", "a\nb"));
    }

    @Test
    void equalTextsHaveNoDiff() {
        assertEquals("", UnifiedDiff.of("x", "a\r\nb\r\n", "a\r\nb\r\n"));
    }

    /** Random edits: git apply must turn the old text into the new one with the diff. */
    @Test
    void gitAppliesTheDiffs() throws IOException {
        Random random = new Random(42);
        git(dir, "init", "-q");
        for (int round = 0; round < 30; round++) {
            List<String> lines = new ArrayList<>();
            int count = random.nextInt(40);
            for (int i = 0; i < count; i++) {
                lines.add("line " + random.nextInt(12) + (random.nextInt(5) == 0 ? "\r\n" : "\n"));
            }
            String before = String.join("", lines);
            List<String> edited = new ArrayList<>(lines);
            int edits = 1 + random.nextInt(6);
            for (int e = 0; e < edits; e++) {
                int at = edited.isEmpty() ? 0 : random.nextInt(edited.size());
                switch (random.nextInt(3)) {
                    case 0 -> edited.add(at, "new " + random.nextInt(5) + "\n");
                    case 1 -> { if (!edited.isEmpty()) { edited.remove(at); } }
                    default -> { if (!edited.isEmpty()) { edited.set(at, "changed " + random.nextInt(5) + "\n"); } }
                }
            }
            String after = String.join("", edited);
            if (random.nextBoolean() && after.endsWith("\n")) {
                after = after.substring(0, after.length() - 1);
            }
            Path file = dir.resolve("f" + round + ".txt");
            Files.writeString(file, before, StandardCharsets.UTF_8);
            String diff = UnifiedDiff.of(file.getFileName().toString(), before, after);
            if (diff.isEmpty()) {
                assertEquals(before, after);
                continue;
            }
            Path patch = dir.resolve("p" + round + ".diff");
            Files.writeString(patch, diff, StandardCharsets.UTF_8);
            git(dir, "apply", "--whitespace=nowarn", patch.getFileName().toString());
            assertEquals(after, Files.readString(file), diff);
        }
    }
}
