package org.fjdoctor.analyzer.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Analyzer.Mode;
import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One file or one rule must not cost the whole run: code as deep as javac accepts is modelled (or, past
 * the per-file time budget, reported), and a rule that throws costs only its own findings.
 */
class OneFileOrRuleTest {

    /** A task that copies its data for its subtasks: copy-on-fork reports line 14 twice. */
    private static final String GOOD = """
            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public class Good extends RecursiveTask<Long> {
                private final long[] data;

                Good(long[] data) { this.data = data; }

                @Override
                protected Long compute() {
                    if (data.length <= 1_000) {
                        return Arrays.stream(data).sum();
                    }
                    int mid = data.length / 2;
                    Good left = new Good(Arrays.copyOfRange(data, 0, mid));
                    Good right = new Good(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    @TempDir
    Path dir;

    /**
     * Generated code as deep as javac accepts, each shape at the smallest size that overflowed the default
     * stack before the model was built on a large one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"concatenation", "plus", "ifs", "ternaries", "builder"})
    void deepGeneratedCodeIsModelledAndTheGoodFileKeepsItsFindings(String shape) throws IOException {
        TestTrees.write(dir, "Good.java", GOOD);
        TestTrees.write(dir, "Deep.java", deep(shape));

        ScanResult result = scan(Analyzer.Options.defaults());

        assertEquals(2, copyOnForkIn(result, "Good.java"), describe(result));
        assertTrue(result.problems().isEmpty(), describe(result));
        assertEquals(2, result.modelFiles(), describe(result));
    }

    @Test
    void aFileOverTheTimeBudgetIsAProblemAndTheScanGoesOn() throws IOException {
        TestTrees.write(dir, "Good.java", GOOD);
        // Spoon clones the type arguments of each level again: minutes for 300 levels that javac takes in 2 s.
        TestTrees.write(dir, "Nested.java", "import java.util.List;\nclass Nested { "
                + "List<".repeat(300) + "String" + ">".repeat(300) + " x; }\n");

        ScanResult result = scan(Analyzer.Options.defaults().withFileBudget(Duration.ofMillis(200)));

        assertEquals(2, copyOnForkIn(result, "Good.java"), describe(result));
        FileProblem problem = result.problems().stream()
                .filter(p -> p.relativePath().endsWith("Nested.java")).findFirst().orElseThrow();
        assertEquals(FileProblem.Kind.NOT_MODELLED, problem.kind());
        assertTrue(problem.message().contains("time budget"), problem.message());
        assertFalse(problem.scanned());
    }

    @ParameterizedTest
    @ValueSource(strings = {"FOCUSED", "FULL"})
    void aRuleThatThrowsIsAProblemAndTheOtherRulesFindingsStand(String mode) throws IOException {
        TestTrees.write(dir, "Good.java", GOOD);
        List<Rule> rules = new ArrayList<>(Rules.all());
        rules.add(0, new Overflowing());

        ScanResult result = scan(Analyzer.Options.defaults().withRules(rules).withMode(Mode.valueOf(mode)));

        assertEquals(2, copyOnForkIn(result, "Good.java"), describe(result));
        FileProblem problem = result.problems().stream()
                .filter(p -> p.kind() == FileProblem.Kind.RULE_FAILED).findFirst().orElseThrow();
        assertTrue(problem.message().startsWith("rule FJ99 (overflowing) failed on the project: StackOverflowError"),
                problem.message());
    }

    /**
     * Building the fork/join model throws (as it overflowed the stack on a JDT checkout): the scan is not lost,
     * the problem says the model failed and which files went unanalysed, and the result says it is incomplete.
     * The progress listener is the fault hook: building the model calls it on the production code path.
     */
    @ParameterizedTest
    @ValueSource(strings = {"FOCUSED", "FULL"})
    void aModelThatThrowsIsAProblemAndTheScanEnds(String mode) throws IOException {
        TestTrees.write(dir, "Good.java", GOOD);

        ScanResult result = scan(Analyzer.Options.defaults().withMode(Mode.valueOf(mode))
                .withProgress(failingModel(1, Integer.MAX_VALUE)));

        FileProblem problem = result.problems().stream()
                .filter(p -> p.kind() == FileProblem.Kind.MODEL_FAILED).findFirst().orElseThrow();
        assertTrue(problem.message().startsWith("the fork/join model could not be built: StackOverflowError"),
                problem.message());
        assertTrue(problem.message().contains("1 files were not analysed"), problem.message());
        assertFalse(result.complete());
        assertTrue(result.findings().isEmpty(), describe(result));
    }

    /** Each variant of a module (a second declaration of its types) has a model of its own: one failing costs it alone. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aVariantWhoseModelThrowsIsAProblemAndTheOtherVariantsFindingsStand(int failing) throws IOException {
        TestTrees.write(dir, "a/Good.java", GOOD);
        TestTrees.write(dir, "b/Good.java", GOOD);

        ScanResult result = scan(Analyzer.Options.defaults().withMode(Mode.FULL)
                .withProgress(failingModel(failing, failing)));

        String kept = failing == 1 ? "b/Good.java" : "a/Good.java";
        String lost = failing == 1 ? "a/Good.java" : "b/Good.java";
        assertEquals(2, copyOnForkIn(result, kept), describe(result));
        assertEquals(0, copyOnForkIn(result, lost), describe(result));
        List<FileProblem> failed = result.problems().stream()
                .filter(p -> p.kind() == FileProblem.Kind.MODEL_FAILED).toList();
        assertEquals(1, failed.size(), describe(result));
        if (failing == 2) {
            assertTrue(failed.get(0).relativePath().endsWith("b/Good.java"), describe(result));
            assertTrue(failed.get(0).message().contains("this variant's 1 file(s)"), describe(result));
        }
        assertFalse(result.complete());
    }

    /** A progress listener that overflows the stack when the {@code from}th to {@code to}th model finds task code. */
    private static Analyzer.Progress failingModel(int from, int to) {
        int[] models = new int[1];
        return phase -> {
            if (phase.equals("finding task code")) {
                models[0]++;
                if (models[0] >= from && models[0] <= to) {
                    throw new StackOverflowError();
                }
            }
        };
    }

    /**
     * A rule whose query overflows the stack, as FJ10's did on 500 nested anonymous classes. It throws
     * the error itself: recursing through a large stack until it overflows takes long.
     */
    @RuleInfo(id = "overflowing", code = "FJ99", title = "Overflows", category = Category.TASK_GRANULARITY,
            severity = Severity.WARNING, description = "Recurses until the stack overflows.",
            rationale = "A test of the engine's isolation.")
    static final class Overflowing implements Rule {
        @Override
        public void detect(ForkJoinModel model, FindingSink sink) {
            throw new StackOverflowError();
        }
    }

    private static String deep(String shape) {
        return switch (shape) {
            case "concatenation" -> "class Deep { String s = " + terms(2000, i -> "\"a" + i + "\"") + "; }\n";
            case "plus" -> "class Deep { int f(int x) { return " + terms(2000, i -> "x") + "; } }\n";
            case "ifs" -> "class Deep { int f(int x) { " + "if (x > 0) { ".repeat(2000) + "x++;" + " }".repeat(2000)
                    + " return x; } }\n";
            case "ternaries" -> "class Deep { int f(int x) { return " + "x > 0 ? 1 : ".repeat(2000) + "0; } }\n";
            case "builder" -> "class Deep { String f() { return new StringBuilder()" + ".append(1)".repeat(3000)
                    + ".toString(); } }\n";
            default -> throw new IllegalArgumentException(shape);
        };
    }

    private static String terms(int count, java.util.function.IntFunction<String> term) {
        return java.util.stream.IntStream.range(0, count).mapToObj(term).collect(Collectors.joining(" + "));
    }

    private ScanResult scan(Analyzer.Options options) throws IOException {
        return new Analyzer().scan(SourceSet.of(List.of(dir)), options);
    }

    private static long copyOnForkIn(ScanResult result, String file) {
        return result.findings().stream()
                .filter(f -> f.ruleId().equals("copy-on-fork") && f.location().relativePath().endsWith(file)).count();
    }

    private static String describe(ScanResult result) {
        return result.findings().stream().map(f -> f.ruleId() + "@" + f.location().display())
                .collect(Collectors.joining(", ")) + " | " + result.problems();
    }
}
