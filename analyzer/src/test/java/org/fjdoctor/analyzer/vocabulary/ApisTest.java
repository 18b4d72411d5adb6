package org.fjdoctor.analyzer.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.visitor.filter.TypeFilter;

/** The API table and the matchers it is made of, on resolved calls of a real Spoon model. */
class ApisTest {

    @TempDir
    Path root;

    @Test
    void theTableSaysWhichCallsBlockOrSleepAndWhichOnlyLookAlike() throws Exception {
        TestTrees.write(root, "app/Calls.java", """
                package app;
                import java.util.List;
                import java.util.concurrent.*;
                import java.util.concurrent.locks.Lock;
                class Calls {
                    void calls(Lock lock, ExecutorService exec, ForkJoinPool pool, ForkJoinTask<?> task, Future<?> future,
                               MyLock mine, Thread thread, Process process, jsr166y.ForkJoinTask<?> backport) throws Exception {
                        lock.lock();
                        exec.invokeAll(List.of());
                        pool.invokeAll(List.of());
                        task.get();
                        backport.get();
                        future.get();
                        mine.lock();
                        thread.join();
                        process.waitFor();
                        Thread.sleep(1);
                        TimeUnit.SECONDS.sleep(1);
                        javax.swing.SwingUtilities.invokeAndWait(() -> { });
                        exec.awaitTermination(1, TimeUnit.SECONDS);
                        System.arraycopy(new int[1], 0, new int[1], 0, 1);
                    }
                }
                class MyLock {
                    void lock() { }
                }
                """);
        ForkJoinModel model = model();
        Map<String, String> effects = new LinkedHashMap<>();
        CtMethod<?> calls = model.spoon().getElements(new TypeFilter<>(CtMethod.class)).stream()
                .filter(m -> m.getSimpleName().equals("calls")).findFirst().orElseThrow();
        for (CtInvocation<?> call : calls.getBody().getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getParent(CtInvocation.class) != null) {
                continue; // List.of() inside invokeAll(..)
            }
            Apis.Api api = model.api().effectOf(call);
            effects.put(call.toString(), api == null ? "-" : api.effect() + " " + api.label());
        }
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("lock.lock()", "BLOCKS Lock.lock");
        expected.put("exec.invokeAll(java.util.List.of())", "BLOCKS ExecutorService.invokeAll/invokeAny");
        expected.put("pool.invokeAll(java.util.List.of())", "-");
        expected.put("task.get()", "-");
        expected.put("backport.get()", "-");
        expected.put("future.get()", "BLOCKS Future.get");
        expected.put("mine.lock()", "-");
        expected.put("thread.join()", "BLOCKS Thread.join");
        expected.put("process.waitFor()", "BLOCKS Process.waitFor");
        expected.put("java.lang.Thread.sleep(1)", "SLEEPS Thread.sleep");
        expected.put("java.util.concurrent.TimeUnit.SECONDS.sleep(1)", "SLEEPS TimeUnit.sleep");
        expected.put("javax.swing.SwingUtilities.invokeAndWait(() -> {\n})", "BLOCKS SwingUtilities.invokeAndWait");
        expected.put("exec.awaitTermination(1, java.util.concurrent.TimeUnit.SECONDS)", "BLOCKS ExecutorService.awaitTermination");
        expected.put("java.lang.System.arraycopy(new int[1], 0, new int[1], 0, 1)", "-");
        assertEquals(expected, effects);
        CtInvocation<?> arraycopy = calls.getBody().getElements(new TypeFilter<>(CtInvocation.class)).stream()
                .filter(c -> c.getExecutable().getSimpleName().equals("arraycopy")).findFirst().orElseThrow();
        assertTrue(model.api().matches(Apis.ARRAYCOPY, arraycopy));
        assertFalse(model.api().matches(MethodMatchers.instanceMethod().onClass("java.lang.System"), arraycopy));
    }

    @Test
    void everyFrameworkNamesItsOwnClassesAndTheBoundaryKeepsToPackages() {
        assertEquals("jsr166y.ForkJoinPool", Framework.JSR166Y.qualified(Role.POOL));
        assertEquals(Framework.SCALA, Framework.declaring("scala.concurrent.forkjoin.RecursiveTask").orElseThrow());
        assertTrue(Framework.taskTypes().contains("java8.util.concurrent.CountedCompleter"));
        assertFalse(Framework.taskTypes().contains("jsr166y.ForkJoinPool"));
        assertTrue(LibraryBoundary.isLibrary("java.util.stream.ReduceOps"));
        assertTrue(LibraryBoundary.isLibrary("jsr166y.ForkJoinPool$WorkQueue"));
        assertTrue(LibraryBoundary.isLibrary("akka.dispatch.forkjoin.ForkJoinTask"));
        assertFalse(LibraryBoundary.isLibrary("jsr166yish.Task"));
        assertFalse(LibraryBoundary.isLibrary("org.app.javaish.Task"));
    }

    private ForkJoinModel model() throws Exception {
        return new Analyzer().analyze(SourceSet.of(List.of(root)), Analyzer.Options.defaults()
                .withMode(Analyzer.Mode.FULL)).model();
    }
}
