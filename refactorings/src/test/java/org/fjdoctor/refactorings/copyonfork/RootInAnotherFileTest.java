package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression (issue 12): the root {@code new Total(input)} of a List-slicing task sits in another file,
 * further down than the task's file is long. Its quote and line used to be read against the task's file
 * ({@code StringIndexOutOfBoundsException} from {@code Lines.text}); they must come from its own file.
 */
class RootInAnotherFileTest {

    private static final String TASK = ListRangeRewriteTest.TOTAL_BEFORE.replace("""

                static double run(List<Integer> input) {
                    return new Total(input).invoke();
                }
            """, "");

    private static final String MAIN = "package p;\n\nimport java.util.List;\n\n" + "// padding\n".repeat(80) + """
            public class Main {
                static double run(List<Integer> input) {
                    return new Total(input).invoke();
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void rootInAnotherFileIsQuotedFromThatFile() {
        assertTrue(MAIN.indexOf("new Total(input)") > TASK.length(), "the root lies beyond the task file's end");
        Map<String, String> files = new LinkedHashMap<>();
        files.put("p/Total.java", TASK);
        files.put("p/Main.java", MAIN);
        RewriteTester.Result result = RewriteTester.rewrite(dir, files, "copy-on-fork", false);
        Fix fix = result.plans().get(0).plan().fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety(), fix.why());
        assertTrue(fix.why().contains("`input` at line 87 of Main.java is not known to be a random-access list"), fix.why());
        assertEquals(TASK, result.text("p/Total.java"), "a REVIEW fix is not applied without --include-review");
    }
}
