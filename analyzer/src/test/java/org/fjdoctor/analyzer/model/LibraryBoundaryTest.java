package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project that vendors a fork/join framework as source: its tasks are task code, the framework's
 * own implementation (which synchronizes and sleeps) is not followed, and its rules' findings come
 * from the project's code alone.
 */
class LibraryBoundaryTest {

    @TempDir
    Path root;

    @ParameterizedTest
    @EnumSource(Analyzer.Mode.class)
    void aVendoredFrameworksTasksAreCheckedButItsImplementationIsNotFollowed(Analyzer.Mode mode) {
        TestTrees.write(root, "src/jsr166y/ForkJoinTask.java", """
                package jsr166y;
                public abstract class ForkJoinTask<V> {
                    private static final Object LOCK = new Object();
                    public final ForkJoinTask<V> fork() { push(); return this; }
                    public final V join() {
                        while (!done()) { Thread.onSpinWait(); }
                        return getRawResult();
                    }
                    private synchronized void push() {
                        synchronized (LOCK) { LOCK.notifyAll(); }
                    }
                    boolean done() { return true; }
                    public abstract V getRawResult();
                    protected abstract boolean exec();
                }
                """);
        TestTrees.write(root, "src/jsr166y/RecursiveTask.java", """
                package jsr166y;
                public abstract class RecursiveTask<V> extends ForkJoinTask<V> {
                    V result;
                    protected abstract V compute();
                    public final V getRawResult() { return result; }
                    protected final boolean exec() {
                        try { Thread.sleep(0); } catch (InterruptedException e) { }
                        result = compute();
                        return true;
                    }
                }
                """);
        TestTrees.write(root, "src/app/Sum.java", """
                package app;
                class Sum extends jsr166y.RecursiveTask<Long> {
                    final long[] data;
                    Sum(long[] data) { this.data = data; }
                    @Override protected Long compute() {
                        if (data.length < 2) return data.length == 0 ? 0L : Log.note(data[0]);
                        Sum left = new Sum(java.util.Arrays.copyOfRange(data, 0, data.length / 2));
                        left.fork();
                        return new Sum(java.util.Arrays.copyOfRange(data, data.length / 2, data.length)).compute()
                                + left.join();
                    }
                }
                """);
        TestTrees.write(root, "src/app/Log.java", """
                package app;
                final class Log {
                    static long seen;
                    static synchronized long note(long value) { seen++; return value; }
                }
                """);
        ScanResult result = TestTrees.scan(root, mode);

        assertEquals(List.of("app/Log.java:4 intra-task-sync", "app/Sum.java:6 no-sequential-cutoff",
                        "app/Sum.java:7 copy-on-fork", "app/Sum.java:9 copy-on-fork"),
                result.findings().stream().map(f -> root.resolve("src").relativize(f.location().file()) + ":"
                        + f.location().line() + " " + f.ruleId()).sorted().toList());
    }
}
