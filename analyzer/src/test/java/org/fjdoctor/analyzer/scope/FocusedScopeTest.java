package org.fjdoctor.analyzer.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The focused model leaves out files that cannot matter, yet finds exactly what the full model finds,
 * including through call chains into files that never mention a fork/join type.
 */
class FocusedScopeTest {

    @TempDir
    Path root;

    @Test
    void leavesOutUnrelatedFilesAndFindsTheSameAsTheFullModel() {
        TestTrees.writeCrawlerAndSixReports(root);
        ScanResult focused = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        ScanResult full = TestTrees.scan(root, Analyzer.Mode.FULL);

        assertEquals(10, full.modelFiles());
        assertEquals(4, focused.modelFiles(), "only the task and its call chain need a model");
        assertEquals(describe(full.findings()), describe(focused.findings()));
        Finding sleep = focused.findings().get(0);
        assertEquals("sleepy-worker", sleep.ruleId());
        assertTrue(sleep.location().relativePath().endsWith("app/Throttle.java"), sleep.location().relativePath());
        assertEquals(List.of("Crawl.java", "Crawl.java", "Pages.java", "Links.java"),
                sleep.related().stream().map(r -> Path.of(r.location().relativePath()).getFileName().toString()).toList(),
                "the call path runs from the task entry through each call");
        assertTrue(sleep.message().contains("Crawl.compute() (a task of a library: no source here creates it) -> Pages.visit() -> Links.follow() -> Throttle.pause()"),
                sleep.message());
    }

    @Test
    void addsTheImplementationsTheModelDispatchesToInALaterRound() throws IOException {
        // Task code calls run() through the Step interface: which implementations it may reach is for the
        // model's class hierarchy to say, not for the names task code mentions.
        TestTrees.write(root, "app/Walk.java", """
                package app;
                import java.util.concurrent.RecursiveAction;
                class Walk extends RecursiveAction {
                    final Step step;
                    Walk(Step step) { this.step = step; }
                    @Override protected void compute() { step.run(); }
                }
                """);
        TestTrees.write(root, "app/Step.java", "package app;\ninterface Step { void run(); }\n");
        TestTrees.write(root, "app/Nap.java", """
                package app;
                class Nap implements Step {
                    public void run() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        TestTrees.write(root, "app/Steps.java",
                "package app;\nclass Steps { static Step nap() { return new Nap(); } }\n");
        for (int i = 0; i < 6; i++) {
            TestTrees.write(root, "app/report/Report" + i + ".java",
                    "package app.report;\nclass Report%d { }\n".formatted(i));
        }
        List<Integer> builds = new ArrayList<>();
        ModelScope scope = buildCounting(builds);
        ScanResult focused = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        ScanResult full = TestTrees.scan(root, Analyzer.Mode.FULL);

        assertEquals(List.of(2, 3), builds, "Nap joins once the model sees the call through Step");
        assertTrue(scope.model().reachable().stream().anyMatch(r -> r.executable().getSimpleName().equals("run")
                && r.executable().getParent(spoon.reflect.declaration.CtClass.class).getSimpleName().equals("Nap")));
        assertEquals(describe(full.findings()), describe(focused.findings()));
        assertEquals(List.of("sleepy-worker"), focused.findings().stream().map(Finding::ruleId).toList());
    }

    /** The focused model of the tree under root; {@code builds} gets the number of files of each Spoon build. */
    private ModelScope buildCounting(List<Integer> builds) throws IOException {
        SourceSet sourceSet = SourceSet.of(List.of(root));
        return FocusedScope.build(SourceCollector.collect(sourceSet).files(), sourceSet,
                Analyzer.Options.defaults().modelOptions(), (modelFiles, textOf, classpath, level) -> {
                    builds.add(modelFiles.size());
                    return SpoonModelBuilder.build(modelFiles, textOf, classpath, level);
                });
    }

    @Test
    void fallsBackToTheWholeTreeWhenSpoonFailsOnThePartialModel() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        SourceSet sourceSet = SourceSet.of(List.of(root));
        List<SourceFile> files = SourceCollector.collect(sourceSet).files();
        List<String> phases = new ArrayList<>();
        ModelScope scope = FocusedScope.build(files, sourceSet, Analyzer.Options.defaults().withProgress(phases::add).modelOptions(),
                (modelFiles, textOf, classpath, level) -> {
                    if (modelFiles.size() < files.size()) {
                        throw new NullPointerException("as JDT does on some partial models");
                    }
                    return SpoonModelBuilder.build(modelFiles, textOf, classpath, level);
                });

        assertEquals(10, scope.modelFiles(), "the whole tree, not a failed scan");
        assertTrue(phases.contains("building the model of all 10 files (Spoon failed on the partial model: "
                + "NullPointerException)"), phases.toString());
        assertTrue(scope.model().reachable().stream().anyMatch(r -> r.executable().getSimpleName().equals("pause")),
                "the call chain into Throttle is still followed");
    }

    @Test
    void aTaskFileOverItsTimeBudgetIsModelledOnceAndTheWholeTreeGoesOnWithoutIt() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        // Spoon clones the type arguments of each level again: minutes for 300 levels.
        TestTrees.write(root, "app/Nested.java", "package app;\nimport java.util.List;\n"
                + "import java.util.concurrent.RecursiveAction;\nclass Nested extends RecursiveAction { "
                + "List<".repeat(300) + "String" + ">".repeat(300) + " x; protected void compute() { } }\n");
        SourceSet sourceSet = SourceSet.of(List.of(root));
        List<SourceFile> files = SourceCollector.collect(sourceSet).files();
        List<String> phases = new ArrayList<>();
        List<Boolean> nestedModelled = new ArrayList<>();
        ModelScope scope = FocusedScope.build(files, sourceSet, Analyzer.Options.defaults().withProgress(phases::add).modelOptions(),
                (modelFiles, textOf, classpath, level) -> {
                    nestedModelled.add(modelFiles.stream().anyMatch(f -> f.path().endsWith("Nested.java")));
                    return SpoonModelBuilder.build(modelFiles, textOf, classpath, level, Duration.ofMillis(200));
                });

        assertEquals(List.of(true, false), nestedModelled, phases.toString());
        assertTrue(phases.contains("building the model of all 10 files (Spoon could not model 1 file(s) of the "
                + "partial model)"), phases.toString());
        String why = scope.unmodelled().entrySet().stream().filter(e -> e.getKey().path().endsWith("Nested.java"))
                .map(Map.Entry::getValue).findFirst().orElseThrow();
        assertTrue(why.contains("time budget"), why);
        assertTrue(scope.model().reachable().stream().anyMatch(r -> r.executable().getSimpleName().equals("pause")),
                "the call chain into Throttle is still followed");
    }

    @Test
    void findsTaskSubclassesDeclaredInFilesThatNeverNameAForkJoinType() {
        TestTrees.write(root, "lib/BaseTask.java", """
                package lib;
                public abstract class BaseTask extends java.util.concurrent.RecursiveTask<Long> { }
                """);
        TestTrees.write(root, "app/Sum.java", """
                package app;
                class Sum extends lib.BaseTask {
                    final long[] data;
                    Sum(long[] data) { this.data = data; }
                    @Override protected Long compute() {
                        if (data.length < 64) return data.length == 0 ? 0L : data[0];
                        Sum left = new Sum(java.util.Arrays.copyOfRange(data, 0, data.length / 2));
                        left.fork();
                        return new Sum(new long[0]).compute() + left.join();
                    }
                }
                """);
        ScanResult focused = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        assertEquals(describe(TestTrees.scan(root, Analyzer.Mode.FULL).findings()), describe(focused.findings()));
        assertEquals(List.of("copy-on-fork"), focused.findings().stream().map(Finding::ruleId).toList());
    }

    @Test
    void leavesOutLibrarySourcesThatTheRuntimeProvides() {
        // The JDK's own sources in miniature: a task class in java.util, and java.util.Arrays as source.
        TestTrees.write(root, "java/util/ParallelHelpers.java", """
                package java.util;
                class ParallelHelpers {
                    static final class Halve extends java.util.concurrent.RecursiveAction {
                        final int[] a;
                        Halve(int[] a) { this.a = a; }
                        @Override protected void compute() {
                            if (a.length > 64) new Halve(Arrays.copyOfRange(a, 0, a.length / 2)).fork();
                            pause();
                        }
                    }
                    static void pause() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { }
                    }
                }
                """);
        TestTrees.write(root, "java/util/Arrays.java", """
                package java.util;
                public class Arrays {
                    public static int[] copyOfRange(int[] a, int from, int to) { return new int[to - from]; }
                }
                """);
        for (int i = 1; i <= 3; i++) {
            TestTrees.write(root, "app/Report" + i + ".java", "package app; class Report" + i + " { }");
        }
        ScanResult focused = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        ScanResult full = TestTrees.scan(root, Analyzer.Mode.FULL);

        assertEquals(5, full.modelFiles());
        assertEquals(1, focused.modelFiles(), "java.util.Arrays resolves against the running JDK");
        assertEquals(describe(full.findings()), describe(focused.findings()));
        assertEquals(List.of("copy-on-fork", "sleepy-worker"),
                focused.findings().stream().map(Finding::ruleId).sorted().toList());
    }

    private static List<String> describe(List<Finding> findings) {
        return findings.stream().map(f -> f.location().display() + " " + f.ruleId() + " " + f.fingerprint()).toList();
    }
}
