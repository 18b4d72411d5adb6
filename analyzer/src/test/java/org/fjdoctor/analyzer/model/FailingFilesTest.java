package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import org.fjdoctor.analyzer.source.SourceFile;
import org.junit.jupiter.api.Test;

/** A build that fails outside any one file's tree costs the files it fails on, not the other files. */
class FailingFilesTest {

    private final List<SourceFile> files = IntStream.range(0, 8)
            .mapToObj(i -> SourceFile.of(Path.of("F" + i + ".java"), "F" + i + ".java", "F" + i + ".java",
                    "class F" + i + " {}\n", StandardCharsets.UTF_8, false))
            .toList();
    private final List<List<SourceFile>> attempts = new ArrayList<>();

    @Test
    void theFilesABuildFailsOnAloneAreFoundByHalving() {
        Set<SourceFile> bad = Set.of(files.get(2), files.get(5));
        Map<SourceFile, String> failing = FailingFiles.find(files, new StackOverflowError(), half -> {
            attempts.add(half);
            if (half.stream().anyMatch(bad::contains)) {
                throw new IllegalStateException("cannot model " + half.size() + " files");
            }
        });

        assertEquals(bad, failing.keySet());
        assertEquals("IllegalStateException: cannot model 1 files", failing.get(files.get(2)));
        assertTrue(attempts.size() < files.size() * 2, attempts.size() + " builds");
    }

    @Test
    void filesThatFailOnlyTogetherAreAllLeftOut() {
        Map<SourceFile, String> failing = FailingFiles.find(files, new NullPointerException("previewAPIUsed"), half -> {
            if (half.contains(files.get(0)) && half.contains(files.get(1))) {
                throw new NullPointerException("previewAPIUsed");
            }
        });

        assertEquals(Set.of(files.get(0), files.get(1)), failing.keySet());
        assertEquals("NullPointerException: previewAPIUsed", failing.get(files.get(1)));
    }
}
