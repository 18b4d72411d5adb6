package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FJ2 corpus positives: SAFE rewrites match their goldens, the others carry a manual reason. */
class CopyOnForkCorpusTest {

    private static final Path POSITIVES = Path.of("../corpus/src/main/java/corpus/copyonfork/positive");
    private static final Path GOLDEN = Path.of("../corpus/golden/copyonfork");

    @TempDir
    Path dir;

    @Test
    void safeRewritesMatchGoldens() throws IOException {
        for (String program : new String[] {"arraysum", "arraycopyfresh", "topscores", "helpercopy",
            "streamslice"}) {
            Map<String, String> files = program(program);
            RewriteTester.Result result = RewriteTester.rewrite(dir.resolve(program), files, "copy-on-fork", false);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path golden = GOLDEN.resolve(program).resolve(Path.of(file.getKey()).getFileName() + ".after");
                String expected = Files.exists(golden) ? Files.readString(golden) : file.getValue();
                assertEquals(expected, result.text(file.getKey()), program + ": " + file.getKey());
            }
        }
    }

    @Test
    void otherPositivesAreManualWithAReason() throws IOException {
        Map<String, String> expected = Map.of(
                "mergesortcopies", "writes into `a` with `Arrays.sort(a);`");
        for (Map.Entry<String, String> program : expected.entrySet()) {
            Map<String, String> files = program(program.getKey());
            RewriteTester.Result result = RewriteTester.rewrite(dir.resolve(program.getKey()), files, "copy-on-fork", true);
            assertEquals(files, result.texts(), program.getKey() + " unchanged");
            assertTrue(!result.plans().isEmpty());
            for (var planned : result.plans()) {
                assertTrue(planned.plan().isManual(), program.getKey());
                assertTrue(planned.plan().manualReason().contains(program.getValue()),
                        program.getKey() + ": " + planned.plan().manualReason());
            }
        }
    }

    @Test
    void guavaPartitionIsOfferedForReviewOnly() throws IOException {
        Map<String, String> files = program("guavapartition");
        RewriteTester.Result result = RewriteTester.rewrite(dir.resolve("guavapartition"), files, "copy-on-fork", false);
        assertEquals(files, result.texts(), "no SAFE fix");
        assertEquals(2, result.plans().size()); // the two ImmutableList.copyOf copies; the partition parts are views
        for (var planned : result.plans()) {
            Fix fix = planned.plan().fixes().get(0);
            assertEquals(Safety.REVIEW, fix.safety());
            assertTrue(fix.why().endsWith("Review: the Lists.partition loop at line 39 becomes an index loop that assumes"
                    + " a positive part size not near Integer.MAX_VALUE (Lists.partition throws IllegalArgumentException"
                    + " for a size <= 0, where the loop would not end)."), fix.why());
        }
        String reviewed = RewriteTester.rewrite(dir.resolve("reviewed"), files, "copy-on-fork", true).texts().values()
                .iterator().next();
        assertTrue(reviewed.contains("for (int start = from, step = (n + FANOUT - 1) / FANOUT; start < to; start += step) {"),
                reviewed);
        assertTrue(reviewed.contains("ErrorWeight left = new ErrorWeight(lines, from, mid);"), reviewed);
        assertTrue(RewriteTester.parses(reviewed));
    }

    private static Map<String, String> program(String name) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (var listing = Files.list(POSITIVES.resolve(name))) {
            for (Path file : listing.toList()) {
                files.put("corpus/copyonfork/positive/" + name + "/" + file.getFileName(), Files.readString(file));
            }
        }
        return files;
    }
}
