package org.fjdoctor.refactorings.forkall;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class InvokeLastRewriteTest {

    private static final String FILE = "p/Count.java";

    private static final String BEFORE = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Count extends RecursiveTask<Integer> {
              private final int[] a;
              private final int lo;
              private final int hi;

              Count(int[] a, int lo, int hi) {
                this.a = a;
                this.lo = lo;
                this.hi = hi;
              }

              @Override
              protected Integer compute() {
                if (hi - lo < 100) {
                  int n = 0;
                  for (int i = lo; i < hi; i++) {
                    n += a[i] > 0 ? 1 : 0;
                  }
                  return n;
                }
                int mid = (lo + hi) >>> 1;
                Count left = new Count(a, lo, mid);
                Count right = new Count(a, mid, hi);
                left.fork();
                right.fork();
                return left.join() + right.join();
              }
            }
            """;

    @Test
    void lastForkBecomesInvoke() {
        RewriteTester.of(InvokeLastRewrite.class).before(FILE, BEFORE)
                .after(FILE, replaceOnce(BEFORE, "right.fork();", "right.invoke();"))
                .check();
    }

    @Test
    void aTaskHandedInIsOnlyOfferedForReview() {
        String before = replaceOnce(replaceOnce(BEFORE, "Count right = new Count(a, mid, hi);\n", ""),
                "    return left.join() + right.join();\n  }", "    return left.join() + right.join();\n  }\n\n"
                        + "  private final Count right = null;");
        String handedOn = replaceOnce(BEFORE, "    left.fork();\n", "    List<Count> all = List.of(right);\n    left.fork();\n");
        RewriteTester.of(InvokeLastRewrite.class).before(FILE, handedOn).check();
        RewriteTester.of(InvokeLastRewrite.class).safety(Safety.REVIEW).before(FILE, handedOn)
                .after(FILE, replaceOnce(handedOn, "right.fork();", "right.invoke();"))
                .check();
        RewriteTester.of(InvokeLastRewrite.class).before(FILE, before).check();
    }

    @Test
    void forkLoopBecomesInvokeAllOnTheBackport() {
        String before = replaceOnce(replaceOnce(BEFORE, "java.util.concurrent.RecursiveTask", "jsr166y.RecursiveTask"),
                "    left.fork();\n    right.fork();\n    return left.join() + right.join();",
                "    List<Count> parts = new ArrayList<>();\n    parts.add(left);\n    parts.add(right);\n"
                        + "    for (Count part : parts) {\n      part.fork();\n    }\n    int n = 0;\n"
                        + "    for (Count part : parts) {\n      n += part.join();\n    }\n    return n;");
        RewriteTester.of(InvokeLastRewrite.class).before(FILE, before)
                .after(FILE, replaceOnce(before, "for (Count part : parts) {\n      part.fork();\n    }", "invokeAll(parts);"))
                .check();
        String busyJoins = replaceOnce(before, "n += part.join();", "n += part.join();\n      System.out.println(n);");
        RewriteTester.of(InvokeLastRewrite.class).before(FILE, busyJoins).check();
        RewriteTester.of(InvokeLastRewrite.class).safety(Safety.REVIEW).before(FILE, busyJoins)
                .after(FILE, replaceOnce(busyJoins, "for (Count part : parts) {\n      part.fork();\n    }", "invokeAll(parts);"))
                .check();
    }
}
