package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.sleepyworker.ManagedSleepRewrite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewrites write only code valid at the project's Java level, and the compile check compiles at it
 * (javac {@code --release}, at 7 for 5 and 6). Regression (issue 12): a SAFE managed-block wrap captured a
 * local that was not declared final in its anonymous ManagedBlocker, which javac rejects before Java 8.
 */
class JavaLevelRewritesTest {

    private static final String PAUSE = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class Pause extends RecursiveAction {
                private final int n;

                Pause(int n) {
                    this.n = n;
                }

                @Override
                protected void compute() {
                    long delay = n * 2L;
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            """;

    private static final String WALK = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;

            class Walk extends RecursiveAction {
                static final ForkJoinPool POOL = new ForkJoinPool(2);
                private final int depth;

                Walk(int depth) {
                    this.depth = depth;
                }

                @Override
                protected void compute() {
                    if (depth > 0) {
                        POOL.submit(new Walk(depth - 2));
                    }
                }
            }
            """;

    private static final String SUM = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                @Override
                protected Long compute() {
                    Part last = null;
                    for (int i = 0; i < 8; i++) {
                        int[] slice = {1, 2}; // data prepared for this subtask alone: scattered data
                        Part part = new Part(i);
                        part.fork();
                        last = part;
                    }
                    return last.join();
                }
            }

            class Part extends RecursiveTask<Long> {
                final int i;

                Part(int i) {
                    this.i = i;
                }

                @Override
                protected Long compute() {
                    return (long) i * i;
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void managedBlockDeclaresAnEffectivelyFinalLocalFinalBeforeJava8() throws IOException {
        for (int level : List.of(6, 7)) {
            FixSession.Outcome outcome = fix("nonfinal" + level, Map.of("p/Pause.java", PAUSE), level, false);
            assertEquals(Verifier.Compilation.COMPILED, outcome.compilation(), level + ": " + outcome.skipped());
            assertEquals(1, outcome.applied().size(), level + ": " + outcome.skipped());
            String text = outcome.rewritten().values().iterator().next();
            assertTrue(text.contains("        final long delay = n * 2L;\n"), text);
        }
        FixSession.Outcome atEight = fix("nonfinal8", Map.of("p/Pause.java", PAUSE), 8, false);
        assertEquals(1, atEight.applied().size(), atEight.skipped()::toString);
        assertTrue(atEight.rewritten().values().iterator().next().contains("        long delay = n * 2L;\n"),
                "from Java 8 on an effectively final local is captured as it is");
    }

    @Test
    void managedBlockDoesNotCaptureALocalThatIsAssignedAgain() throws IOException {
        String reassigned = PAUSE.replace("long delay = n * 2L;", "long delay = n * 2L;\n        delay++;");
        for (int level : List.of(6, 8)) {
            Plan plan = managedSleepPlan(analyze("reassigned" + level, Map.of("p/Pause.java", reassigned), level));
            assertTrue(plan.isManual(), level + ": " + plan);
            assertTrue(plan.manualReason().contains("which is assigned elsewhere"), plan.manualReason());
        }
    }

    @Test
    void managedBlockLeavesALocalSharingItsDeclarationManualBeforeJava8() throws IOException {
        String shared = PAUSE.replace("long delay = n * 2L;", "long delay = n * 2L, spare = 0;");
        Plan plan = managedSleepPlan(analyze("shared", Map.of("p/Pause.java", shared), 6));
        assertTrue(plan.isManual(), plan::toString);
        assertTrue(plan.manualReason().contains("shares its declaration with other variables"), plan.manualReason());
    }

    @Test
    void managedBlockOfAFinalLocalCompilesAtJava6And5() throws IOException {
        String declaredFinal = PAUSE.replace("long delay = n * 2L;", "final long delay = n * 2L;");
        for (int level : List.of(5, 6, 7)) {
            FixSession.Outcome outcome = fix("final" + level, Map.of("p/Pause.java", declaredFinal), level, false);
            assertEquals(Verifier.Compilation.COMPILED, outcome.compilation(), level + ": " + outcome.skipped());
            assertEquals(1, outcome.applied().size(), level + ": " + outcome.skipped());
            assertEquals(level, outcome.javaLevel());
            String text = outcome.rewritten().values().iterator().next();
            assertTrue(text.contains("ForkJoinPool.managedBlock(new java.util.concurrent.ForkJoinPool.ManagedBlocker() {"),
                    text);
            // @Override on an interface method's implementation (block, isReleasable) is an error at Java 5.
            assertEquals(level >= 6 ? 3 : 1, text.split("@Override", -1).length - 1, text);
        }
    }

    @Test
    void noVarBeforeJava10AndNoDiamondBeforeJava7() throws IOException {
        FixSession.Outcome walk = fix("walk", Map.of("p/Walk.java", WALK), 8, false);
        assertEquals(1, walk.applied().size(), walk.skipped()::toString);
        String hoisted = walk.rewritten().values().iterator().next();
        assertTrue(hoisted.contains("ForkJoinTask<?> task = new Walk(depth - 2);"), hoisted);
        assertEquals(Verifier.Compilation.COMPILED, walk.compilation());

        FixSession.Outcome sum = fix("sum", Map.of("p/Sum.java", SUM), 6, true);
        assertEquals(1, sum.applied().size(), sum.skipped()::toString);
        String collected = sum.rewritten().values().iterator().next();
        assertTrue(collected.contains("List<Part> forked = new ArrayList<Part>();"), collected);
        assertEquals(Verifier.Compilation.COMPILED, sum.compilation());
    }

    @Test
    void compileCheckUsesTheLowestReleaseJavacSupportsBelowIt() {
        int lowest = Runtime.version().feature() >= 20 ? 8 : 7;
        assertEquals(lowest, CompileCheck.release(5));
        assertEquals(lowest, CompileCheck.release(6));
        assertEquals(11, CompileCheck.release(11));
    }

    private static Plan managedSleepPlan(Analyzer.Analysis analysis) {
        return Refactorings.plan(analysis, List.of(new ManagedSleepRewrite())).get(0).plan();
    }

    private Analyzer.Analysis analyze(String name, Map<String, String> files, int level) throws IOException {
        Path root = dir.resolve(name);
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = root.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
        }
        return new Analyzer().analyze(SourceSet.of(List.of(root)).withJavaLevel(level),
                Analyzer.Options.defaults().withRules(Rules.all()));
    }

    /** Fixes at {@code level}, compiling with javac (an empty class directory makes the classpath known). */
    private FixSession.Outcome fix(String name, Map<String, String> files, int level, boolean review) throws IOException {
        Analyzer.Analysis analysis = analyze(name, files, level);
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        return FixSession.run(analysis, review, new Verifier(analysis.files(), List.of(classes), level, null));
    }
}
