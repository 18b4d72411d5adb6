package org.fjdoctor.refactorings.centralizedpooling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuardedForkRewriteTest {

    @TempDir
    Path tempDir;

    static final String BEFORE = """
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
                        Walk child = new Walk(depth - 1);
                        POOL.execute(child); // submitted
                        child.join();
                    }
                }
            }
            """;

    static final String AFTER = """
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
                        Walk child = new Walk(depth - 1);
                        if (java.util.concurrent.ForkJoinTask.getPool() == POOL) {
                            child.fork();
                        } else {
                            POOL.execute(child); // submitted
                        }
                        child.join();
                    }
                }
            }
            """;

    private RewriteTester.Result rewrite(String dir, String text, boolean review) {
        return RewriteTester.rewrite(tempDir.resolve(dir), Map.of("p/Walk.java", text), "centralized-pooling", review);
    }

    @Test
    void forksWhenAlreadyInThePool() {
        String after = rewrite("a", BEFORE, false).text("p/Walk.java");
        assertEquals(AFTER, after);
        assertTrue(RewriteTester.parses(after));
    }

    @Test
    void idempotent() {
        RewriteTester.Result again = rewrite("a", AFTER, false);
        assertEquals(AFTER, again.text("p/Walk.java"));
        assertTrue(again.plans().isEmpty());
    }

    @Test
    void usesTheImportedNameAndHoistsANewTask() {
        String before = BEFORE.replace("import java.util.concurrent.RecursiveAction;",
                        "import java.util.concurrent.ForkJoinTask;\nimport java.util.concurrent.RecursiveAction;")
                .replace("POOL.execute(child); // submitted", "POOL.submit(new Walk(depth - 2));");
        String expected = before.replace("            POOL.submit(new Walk(depth - 2));\n", """
                            var task = new Walk(depth - 2);
                            if (ForkJoinTask.getPool() == POOL) {
                                task.fork();
                            } else {
                                POOL.submit(task);
                            }
                """);
        assertEquals(expected, rewrite("b", before, false).text("p/Walk.java"));
        assertEquals(expected, rewrite("b2", expected, false).text("p/Walk.java"));
    }

    @Test
    void currentPoolReceiverKeepsItsNullBehaviourOffWorkers() {
        String before = BEFORE.replace("POOL.execute(child); // submitted", "getPool().execute(child);");
        String after = rewrite("c", before, false).text("p/Walk.java");
        assertTrue(after.contains("""
                            if (java.util.concurrent.ForkJoinTask.inForkJoinPool()) {
                                child.fork();
                            } else {
                                getPool().execute(child);
                            }
                """), after);
    }

    @Test
    void usedFutureIsManual() {
        String before = BEFORE.replace("POOL.execute(child); // submitted", "POOL.submit(child).join();");
        RewriteTester.Result result = rewrite("d", before, true);
        assertEquals(before, result.text("p/Walk.java"));
        Plan plan = result.plans().get(0).plan();
        assertTrue(plan.isManual());
        assertTrue(plan.manualReason().contains("Future is used"));
    }

    @Test
    void runnableOnAnExecutorServiceIsManual() {
        String before = BEFORE.replace("static final ForkJoinPool POOL = new ForkJoinPool(2);",
                        "static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(2);")
                .replace("POOL.execute(child); // submitted", "POOL.execute(() -> System.out.println(depth));");
        RewriteTester.Result result = rewrite("e", before, true);
        assertEquals(before, result.text("p/Walk.java"));
        assertTrue(result.plans().get(0).plan().isManual());
    }

    @Test
    void crlfAndTabsAreKept() {
        String tabs = BEFORE.replace("    ", "\t");
        String before = tabs.replace("\n", "\r\n");
        String after = rewrite("f", before, false).text("p/Walk.java");
        String expected = AFTER.replace("    ", "\t").replace("\n", "\r\n");
        assertEquals(expected, after);
        assertUnchangedOutside(before, after, "\t\t\tPOOL.execute(child); // submitted");
    }

    /** Every line of {@code before} except {@code changed} appears, in order, in {@code after}. */
    static void assertUnchangedOutside(String before, String after, String changed) {
        String[] lines = before.split("\r\n", -1);
        int index = 0;
        for (String line : lines) {
            if (line.equals(changed)) {
                continue;
            }
            index = after.indexOf(line + (after.contains("\r\n") ? "\r\n" : ""), index);
            assertTrue(index >= 0, "line changed: " + line);
        }
        assertNull(null);
    }
}
