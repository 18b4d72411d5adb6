package org.fjdoctor.refactorings.copyonfork;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copy-on-fork shapes of real code the list index-range rewrite follows: helpers whose bodies show they only
 * read the list (also an overridable one nothing overrides, one handing it on, one streaming it), and a field
 * that also has an initializer. The list comes from a caller's parameter, so the fixes are REVIEW.
 */
class ListRangeCoverageTest {

    private static final String SUM_HELPER = """
                private static double sum(List<? extends Number> part) {
                    double total = 0;
                    for (Number n : part) {
                        total += n.doubleValue();
                    }
                    return total;
                }
            """;

    /** An instance helper (package-private, not overridden) that hands the list on to one that streams it. */
    private static final String HANDED_ON = """
                double sum(List<? extends Number> part) {
                    return part.isEmpty() ? 0 : total(part);
                }

                private static double total(List<? extends Number> values) {
                    return values.stream().mapToDouble(Number::doubleValue).sum();
                }
            """;

    @TempDir
    Path tempDir;

    @Test
    void aHelperThatHandsTheListOnAndStreamsItOnlyReadsIt() {
        RewriteTester.of(IndexRangeRewrite.class).safety(Safety.REVIEW)
                .before("p/Total.java", replaceOnce(ListRangeRewriteTest.TOTAL_BEFORE, SUM_HELPER, HANDED_ON))
                .after("p/Total.java", replaceOnce(ListRangeRewriteTest.TOTAL_AFTER, SUM_HELPER, HANDED_ON)).check();
    }

    /** A helper further down that keeps the list it is handed still rules the rewrite out, with the reason. */
    @Test
    void aHelperThatHandsTheListToOneKeepingItIsAWrite() {
        String keeping = HANDED_ON.replace("return values.stream().mapToDouble(Number::doubleValue).sum();",
                "KEPT.add(values);\n        return 0;") + "\n    static final List<Object> KEPT = new ArrayList<>();\n";
        String before = replaceOnce(ListRangeRewriteTest.TOTAL_BEFORE, SUM_HELPER, keeping);
        RewriteTester.Result result = RewriteTester.rewrite(tempDir, Map.of("p/Total.java", before),
                "copy-on-fork", true);
        assertEquals(before, result.text("p/Total.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual() && plan.manualReason().contains("passes `numbers` to sum(..)"), plan.toString());
    }

    /** A field that also has an initializer keeps it: every constructor overwrites it before anything reads it. */
    @Test
    void aFieldWithAnInitializerTooIsRewritten() {
        String field = "private final List<? extends Number> numbers;";
        String initialized = "private List<? extends Number> numbers = new ArrayList<>();";
        String after = replaceOnce(replaceOnce(ListRangeRewriteTest.TOTAL_AFTER, field, initialized),
                "import java.util.List;", "import java.util.ArrayList;\nimport java.util.List;");
        RewriteTester.of(IndexRangeRewrite.class).safety(Safety.REVIEW)
                .before("p/Total.java", replaceOnce(ListRangeRewriteTest.TOTAL_BEFORE, field, initialized))
                .after("p/Total.java", after).check();
    }

    /** A call before the constructor's assignment might read the initial value, which the rewrite would not keep. */
    @Test
    void aCallBeforeTheAssignmentOfAnInitializedFieldIsManual() {
        String before = replaceOnce(replaceOnce(ListRangeRewriteTest.TOTAL_BEFORE,
                "private final List<? extends Number> numbers;", "private List<? extends Number> numbers = new ArrayList<>();"),
                "        this.numbers = numbers;\n", "        log();\n        this.numbers = numbers;\n")
                .replace("static double run", "static void log() {\n    }\n\n    static double run");
        RewriteTester.Result result = RewriteTester.rewrite(tempDir, Map.of("p/Total.java", before), "copy-on-fork", true);
        assertEquals(before, result.text("p/Total.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual() && plan.manualReason().contains("initializer"), plan.toString());
    }
}
