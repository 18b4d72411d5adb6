package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.api.Location;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hunk headers of {@code git diff --unified=0} read into the changed lines of each file (issue 27). */
class DiffHunksTest {

    @TempDir
    Path dir;

    private static Map<String, List<Integer>> lines(String diff) {
        return DiffHunks.parse(diff).lines().entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> e.getValue().stream().boxed().toList()));
    }

    @Test
    void anAdditionMarksItsNewLines() {
        String diff = """
                diff --git a/src/A.java b/src/A.java
                index 8a1218a..e2b4424 100644
                --- a/src/A.java
                +++ b/src/A.java
                @@ -3,0 +4,2 @@ class A {
                +    int x;
                +    int y;
                """;
        assertEquals(Map.of("src/A.java", List.of(4, 5)), lines(diff));
    }

    @Test
    void countsDefaultToOne() {
        String diff = """
                diff --git a/A.java b/A.java
                --- a/A.java
                +++ b/A.java
                @@ -10 +10 @@
                -old
                +new
                @@ -20,3 +20 @@
                -a
                -b
                -c
                +d
                """;
        assertEquals(Map.of("A.java", List.of(10, 20)), lines(diff));
    }

    @Test
    void aDeletionMarksTheLinesAroundTheGap() {
        String diff = """
                diff --git a/A.java b/A.java
                --- a/A.java
                +++ b/A.java
                @@ -1,2 +0,0 @@
                -// a
                -// b
                @@ -8,2 +6,0 @@
                -    int x;
                -    int y;
                """;
        assertEquals(Map.of("A.java", List.of(1, 6, 7)), lines(diff));
    }

    @Test
    void aRenamedFileIsKeyedByItsNewName() {
        String diff = """
                diff --git a/old/A.java b/new/B.java
                similarity index 87%
                rename from old/A.java
                rename to new/B.java
                index 861b1fb..16bafe7 100644
                --- a/old/A.java
                +++ b/new/B.java
                @@ -4 +4 @@ r3
                -r4
                +R4
                diff --git a/C.java b/D.java
                similarity index 100%
                rename from C.java
                rename to D.java
                """;
        DiffHunks.Changes changes = DiffHunks.parse(diff);
        assertEquals(Map.of("new/B.java", List.of(4)), lines(diff));
        assertEquals(Set.of(), changes.wholeFiles(), "a pure rename changes no line");
    }

    @Test
    void pathsWithSpacesAndQuotedPathsAreGitsNames() {
        // git ends a name with a space with a tab, and quotes one with a quote or non-ASCII bytes (octal UTF-8).
        String diff = "diff --git a/my dir/A B.java b/my dir/A B.java\n"
                + "--- a/my dir/A B.java\t\n"
                + "+++ b/my dir/A B.java\t\n"
                + "@@ -2,0 +3 @@\n"
                + "+new\n"
                + "diff --git \"a/q\\\"\\303\\251.java\" \"b/q\\\"\\303\\251.java\"\n"
                + "--- \"a/q\\\"\\303\\251.java\"\n"
                + "+++ \"b/q\\\"\\303\\251.java\"\n"
                + "@@ -2 +2 @@ x\n"
                + "-y\n"
                + "+Y\n";
        assertEquals(Map.of("my dir/A B.java", List.of(3), "q\"\u00e9.java", List.of(2)), lines(diff));
    }

    @Test
    void contentLinesThatLookLikeHeadersAreContent() {
        String diff = """
                diff --git a/A.java b/A.java
                --- a/A.java
                +++ b/A.java
                @@ -3 +3 @@
                --- a/B.java
                ++++ b/B.java
                """;
        assertEquals(Map.of("A.java", List.of(3)), lines(diff));
    }

    @Test
    void deletedFilesHaveNoLinesAndChangedBinaryFilesChangeThroughout() {
        String diff = """
                diff --git a/Gone.java b/Gone.java
                deleted file mode 100644
                --- a/Gone.java
                +++ /dev/null
                @@ -1,3 +0,0 @@
                -class Gone {
                -}
                -
                diff --git a/Wide.java b/Wide.java
                index 1111111..2222222 100644
                Binary files a/Wide.java and b/Wide.java differ
                """;
        DiffHunks.Changes changes = DiffHunks.parse(diff);
        assertEquals(Map.of(), changes.lines());
        assertEquals(Set.of("Wide.java"), changes.wholeFiles());
    }

    @Test
    void aLocationTouchesTheChangesWhenAnyOfItsLinesChanged() {
        BitSet changed = new BitSet();
        changed.set(10);
        ChangedLines lines = ChangedLines.of("HEAD", dir,
                new DiffHunks.Changes(Map.of("A.java", changed), Set.of()), List.of("New.java"));
        assertTrue(lines.touches(location("A.java", 10, 10)));
        assertTrue(lines.touches(location("A.java", 8, 12)), "a range over the changed line");
        assertFalse(lines.touches(location("A.java", 11, 14)));
        assertFalse(lines.touches(location("A.java", 9, 9)));
        assertFalse(lines.touches(location("B.java", 10, 10)));
        assertTrue(lines.touches(location("New.java", 99, 99)), "an untracked file changed throughout");
        assertTrue(lines.touches(location("sub/../A.java", 10, 10)), "paths are compared normalized");
    }

    private Location location(String file, int line, int endLine) {
        return new Location(dir.resolve(file), file, line, 1, endLine, 2, 0, 1);
    }
}
