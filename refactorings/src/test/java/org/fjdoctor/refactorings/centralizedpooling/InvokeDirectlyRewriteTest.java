package org.fjdoctor.refactorings.centralizedpooling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InvokeDirectlyRewriteTest {

    @TempDir
    Path tempDir;

    static final String BEFORE = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                private final ForkJoinPool pool;
                private final int n;

                Sum(ForkJoinPool pool, int n) {
                    this.pool = pool;
                    this.n = n;
                }

                @Override
                protected Long compute() {
                    if (n <= 1) {
                        return (long) n;
                    }
                    Sum left = new Sum(pool, n / 2);
                    // the right half runs through the pool
                    long right = pool.invoke(new Sum(pool, n - n / 2));
                    return left.compute() + right;
                }
            }
            """;

    static final String AFTER = """
            package p;

            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                private final ForkJoinPool pool;
                private final int n;

                Sum(ForkJoinPool pool, int n) {
                    this.pool = pool;
                    this.n = n;
                }

                @Override
                protected Long compute() {
                    if (n <= 1) {
                        return (long) n;
                    }
                    Sum left = new Sum(pool, n / 2);
                    // the right half runs through the pool
                    long right = new Sum(pool, n - n / 2).invoke();
                    return left.compute() + right;
                }
            }
            """;

    @Test
    void invokesTheTaskItself() {
        RewriteTester.Result result = RewriteTester.rewrite(tempDir, Map.of("p/Sum.java", BEFORE), "centralized-pooling", false);
        assertEquals(AFTER, result.text("p/Sum.java"));
        assertTrue(RewriteTester.parses(result.text("p/Sum.java")));
    }

    @Test
    void idempotent() {
        RewriteTester.Result result = RewriteTester.rewrite(tempDir, Map.of("p/Sum.java", AFTER), "centralized-pooling", false);
        assertEquals(AFTER, result.text("p/Sum.java"));
        assertTrue(result.plans().isEmpty());
    }

    @Test
    void poolExpressionWithEffectsIsOnlyOfferedForReview() {
        String before = BEFORE.replace("pool.invoke(new Sum", "pool().invoke(new Sum")
                .replace("    @Override", "    ForkJoinPool pool() {\n        return pool;\n    }\n\n    @Override");
        RewriteTester.Result safe = RewriteTester.rewrite(tempDir, Map.of("p/Sum.java", before), "centralized-pooling", false);
        assertEquals(before, safe.text("p/Sum.java"));
        assertEquals(Safety.REVIEW, safe.plans().get(0).plan().fixes().get(0).safety());
        RewriteTester.Result review = RewriteTester.rewrite(tempDir.resolve("r"), Map.of("p/Sum.java", before),
                "centralized-pooling", true);
        assertTrue(review.text("p/Sum.java").contains("long right = new Sum(pool, n - n / 2).invoke();"));
    }
}
