package org.fjdoctor.refactorings.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.copyonfork.CopyOnForkRule;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.copyonfork.IndexRangeRewrite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A refactoring that throws costs its own fix for that finding only; the neighbouring files' fixes stand. */
class RefactoringIsolationTest {

    private static final String TASK = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            class Good extends RecursiveTask<Long> {
                private final long[] data;

                Good(long[] data) {
                    this.data = data;
                }

                @Override
                protected Long compute() {
                    if (data.length <= 1_000) {
                        long sum = 0;
                        for (long value : data) {
                            sum += value;
                        }
                        return sum;
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

    /** The copy-on-fork rewrite, except that it throws on the findings of {@code Bad.java}. */
    static final class ThrowsOnBad implements Refactoring {
        private final IndexRangeRewrite real = new IndexRangeRewrite();

        @Override
        public Class<? extends Rule> rule() {
            return CopyOnForkRule.class;
        }

        @Override
        public Plan plan(Finding finding, RefactoringContext context) {
            if (finding.location().file().endsWith("Bad.java")) {
                throw new StringIndexOutOfBoundsException("begin 12, end 7, length 30");
            }
            return real.plan(finding, context);
        }
    }

    @Test
    void aThrowIsASkippedFixAndTheOtherFileIsStillFixed() throws IOException {
        Analyzer.Analysis analysis = analyze();
        FixSession.Outcome outcome = FixSession.run(analysis, false, verifier(analysis), List.of(new ThrowsOnBad()));

        assertTrue(outcome.rewritten().keySet().stream().anyMatch(p -> p.endsWith("Good.java")), outcome.toString());
        assertTrue(outcome.rewritten().keySet().stream().noneMatch(p -> p.endsWith("Bad.java")), outcome.toString());
        List<FixSession.Skipped> bad = outcome.skipped().stream()
                .filter(s -> s.finding().location().file().endsWith("Bad.java")).toList();
        assertEquals(2, bad.size(), outcome.skipped().toString());
        for (FixSession.Skipped skipped : bad) {
            assertEquals(FixSession.Reason.INTERNAL_ERROR, skipped.reason());
            assertEquals("internal error in ThrowsOnBad: StringIndexOutOfBoundsException: begin 12, end 7, length 30",
                    skipped.detail());
        }
    }

    @Test
    void aThrowIsTheFindingsFailureWhereFixesAreOfferedOneAtATime() throws IOException {
        Analyzer.Analysis analysis = analyze();
        List<Refactorings.Planned> planned = Refactorings.plan(analysis, List.of(new ThrowsOnBad()));

        for (Refactorings.Planned one : planned) {
            boolean bad = one.finding().location().file().endsWith("Bad.java");
            assertEquals(bad, one.plan().fixes().isEmpty(), one.toString());
            assertEquals(bad ? 1 : 0, one.failures().size(), one.toString());
        }
        assertEquals(4, planned.size());
    }

    private Analyzer.Analysis analyze() throws IOException {
        Path p = Files.createDirectories(dir.resolve("src/p"));
        Files.writeString(p.resolve("Good.java"), TASK, StandardCharsets.UTF_8);
        Files.writeString(p.resolve("Bad.java"), TASK.replace("Good", "Bad"), StandardCharsets.UTF_8);
        return new Analyzer().analyze(SourceSet.of(List.of(dir.resolve("src"))), Analyzer.Options.defaults());
    }

    private Verifier verifier(Analyzer.Analysis analysis) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        return new Verifier(analysis.files(), List.of(classes), analysis.javaLevel(), null);
    }
}
