package org.fjdoctor.refactorings.forkthenjoin;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class InvokeInPlaceRewriteTest {

    private static final String FILE = "p/Depth.java";

    private static final String BEFORE = """
            package p;

            import java.util.concurrent.RecursiveTask;

            class Depth extends RecursiveTask<Integer> {
            \tprivate final int n;

            \tDepth(int n) {
            \t\tthis.n = n;
            \t}

            \t@Override
            \tprotected Integer compute() {
            \t\tif (n == 0) {
            \t\t\treturn 0;
            \t\t}
            \t\tDepth sub = new Depth(n - 1);
            \t\tsub.fork(); // one level down
            \t\treturn sub.join() + 1;
            \t}
            }
            """;

    @Test
    void forkThenJoinBecomesInvoke() {
        RewriteTester.of(InvokeInPlaceRewrite.class).before(FILE, BEFORE)
                .after(FILE, replaceOnce(replaceOnce(BEFORE, "\t\tsub.fork(); // one level down\n", ""),
                        "sub.join() + 1", "sub.invoke() + 1"))
                .check();
    }

    @Test
    void chainedForkJoinBecomesInvoke() {
        String before = replaceOnce(replaceOnce(BEFORE, "\t\tsub.fork(); // one level down\n", ""),
                "sub.join() + 1", "sub.fork().join() + 1");
        RewriteTester.of(InvokeInPlaceRewrite.class).before(FILE, before)
                .after(FILE, replaceOnce(before, "sub.fork().join() + 1", "sub.invoke() + 1"))
                .check();
    }

    @Test
    void quietlyJoinBecomesQuietlyInvokeOnTheBackport() {
        String before = replaceOnce(replaceOnce(BEFORE, "java.util.concurrent.RecursiveTask", "jsr166y.RecursiveTask"),
                "\t\treturn sub.join() + 1;", "\t\tsub.quietlyJoin();\n\t\treturn sub.getRawResult() + 1;");
        RewriteTester.of(InvokeInPlaceRewrite.class).before(FILE, before)
                .after(FILE, replaceOnce(replaceOnce(before, "\t\tsub.fork(); // one level down\n", ""),
                        "sub.quietlyJoin();", "sub.quietlyInvoke();"))
                .check();
    }

    @Test
    void getIsOnlyOfferedForReview() {
        String before = replaceOnce(replaceOnce(BEFORE, "\t\treturn sub.join() + 1;",
                "\t\ttry {\n\t\t\treturn sub.get() + 1;\n\t\t} catch (InterruptedException | ExecutionException e) {\n"
                        + "\t\t\tthrow new IllegalStateException(e);\n\t\t}"),
                "import java.util.concurrent.RecursiveTask;", "import java.util.concurrent.ExecutionException;\n"
                        + "import java.util.concurrent.RecursiveTask;");
        RewriteTester.of(InvokeInPlaceRewrite.class).before(FILE, before).check();
        RewriteTester.of(InvokeInPlaceRewrite.class).safety(Safety.REVIEW).before(FILE, before)
                .after(FILE, replaceOnce(replaceOnce(before, "\t\tsub.fork(); // one level down\n", ""),
                        "sub.get() + 1", "sub.invoke() + 1"))
                .check();
    }

    @Test
    void workBetweenForkAndJoinIsLeftAlone() {
        RewriteTester.of(InvokeInPlaceRewrite.class)
                .before(FILE, replaceOnce(BEFORE, "return sub.join() + 1;", "return new Depth(0).compute() + sub.join();"))
                .check();
    }
}
