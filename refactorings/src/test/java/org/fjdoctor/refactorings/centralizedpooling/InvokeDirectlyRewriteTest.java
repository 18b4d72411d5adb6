package org.fjdoctor.refactorings.centralizedpooling;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

public class InvokeDirectlyRewriteTest {

    public static final String BEFORE = """
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

    public static final String AFTER = """
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
    void invokesTheTaskItselfForReviewWhenThePoolMayNotBeThisWorkers() {
        // the pool in a field need not be the pool this compute() runs in: the subtask's forks would move
        RewriteTester.of(InvokeDirectlyRewrite.class).before("p/Sum.java", BEFORE).check();
        RewriteTester.of(InvokeDirectlyRewrite.class).safety(Safety.REVIEW)
                .before("p/Sum.java", BEFORE).after("p/Sum.java", AFTER)
                .why("need not be").why("its forks go to the common pool").check();
    }

    @Test
    void invokesTheTaskItselfSafelyOnThisWorkersPool() {
        String before = replaceOnce(BEFORE, "pool.invoke(new Sum", "getPool().invoke(new Sum");
        RewriteTester.of(InvokeDirectlyRewrite.class).before("p/Sum.java", before)
                .after("p/Sum.java", replaceOnce(before, "getPool().invoke(new Sum(pool, n - n / 2))",
                        "new Sum(pool, n - n / 2).invoke()"))
                .check();
    }

    @Test
    void poolExpressionWithEffectsIsOnlyOfferedForReview() {
        String before = replaceOnce(replaceOnce(BEFORE, "pool.invoke(new Sum", "pool().invoke(new Sum"),
                "    @Override", "    ForkJoinPool pool() {\n        return pool;\n    }\n\n    @Override");
        RewriteTester.of(InvokeDirectlyRewrite.class).before("p/Sum.java", before).check();
        RewriteTester.of(InvokeDirectlyRewrite.class).safety(Safety.REVIEW)
                .before("p/Sum.java", before)
                .after("p/Sum.java", replaceOnce(before, "pool().invoke(new Sum(pool, n - n / 2))",
                        "new Sum(pool, n - n / 2).invoke()"))
                .check();
    }

    static final String BOARD = """
            package p;

            import java.util.concurrent.ForkJoinPool;

            class Board {
                static long build(ForkJoinPool pool, Sum task) {
                    return pool.invoke(task);
                }
            }
            """;

    @Test
    void aHelperOutsideTaskClassesRunsTheTaskInPlaceOnlyOnAWorkerOfThatPool() {
        // Board.build(pool) is called from compute() and, in agutsul/chess, from tests with a mock pool:
        // there the task must still go to the pool the caller chose
        String sum = replaceOnce(BEFORE, "long right = pool.invoke(new Sum(pool, n - n / 2));",
                "long right = Board.build(pool, new Sum(pool, n - n / 2));");
        RewriteTester.of(InvokeDirectlyRewrite.class)
                .before("p/Sum.java", sum)
                .before("p/Board.java", BOARD)
                .after("p/Board.java", BOARD
                        .replace("import java.util.concurrent.ForkJoinPool;\n",
                                "import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.ForkJoinTask;\n")
                        .replace("return pool.invoke(task);", "return ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool()"
                                + " == pool ? task.invoke() : pool.invoke(task);"))
                .why("on any other thread").check();
    }

    @Test
    void aHelperWhoseCallIsNotAWholeValueOrWhosePoolIsComputedStaysManual() {
        // a statement, a computed pool, a cast (its position covers the cast) and a lambda's body
        for (String call : new String[] {"pool.invoke(task);\n        return 0;", "return pool().invoke(task);",
                "return (long) pool.invoke(task) << 1;",
                "java.util.function.Supplier<Long> later = () -> pool.invoke(task);\n        return later.get();"}) {
            String board = BOARD.replace("return pool.invoke(task);", call)
                    .replace("    static long build", "    static ForkJoinPool pool() {\n        return ForkJoinPool.commonPool();\n    }\n\n    static long build");
            RewriteTester.of(InvokeDirectlyRewrite.class).safety(Safety.REVIEW)
                    .before("p/Sum.java", replaceOnce(BEFORE, "long right = pool.invoke(new Sum(pool, n - n / 2));",
                            "long right = Board.build(pool, new Sum(pool, n - n / 2));"))
                    .before("p/Board.java", board)
                    .check();
        }
    }
}
