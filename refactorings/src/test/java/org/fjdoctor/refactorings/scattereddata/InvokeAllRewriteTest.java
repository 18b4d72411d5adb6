package org.fjdoctor.refactorings.scattereddata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InvokeAllRewriteTest {

    private static final String RULE = "scattered-data";
    private static final String FILE = "p/Sum.java";

    @TempDir
    Path tempDir;

    /** Rewrites with SAFE fixes only, checks the result parses and that a second run changes nothing. */
    private String rewrite(String before) {
        String after = RewriteTester.rewrite(tempDir.resolve("first"), Map.of(FILE, before), RULE, false).text(FILE);
        assertTrue(RewriteTester.parses(after), after);
        String again = RewriteTester.rewrite(tempDir.resolve("second"), Map.of(FILE, after), RULE, false).text(FILE);
        assertEquals(after, again, "idempotent");
        return after;
    }

    private Plan onlyPlan(String before) {
        List<org.fjdoctor.refactorings.Refactorings.Planned> plans =
                RewriteTester.rewrite(tempDir.resolve("plan"), Map.of(FILE, before), RULE, false).plans();
        assertEquals(1, plans.size(), plans.toString());
        return plans.get(0).plan();
    }

    @Test
    void forkInLoopBecomesOneInvokeAllAfterIt() {
        String before = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Sum extends RecursiveTask<Long> {
                    private final int[] data;

                    Sum(int[] data) {
                        this.data = data;
                    }

                    @Override
                    protected Long compute() {
                        List<Part> parts = new ArrayList<>();
                        for (int lo = 0; lo < data.length; lo += 100) {
                            Part part = new Part(data, lo, Math.min(lo + 100, data.length));
                            part.fork(); // runs while the next part is prepared
                            parts.add(part);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                    }
                }

                class Part extends RecursiveTask<Long> {
                    final int[] data;
                    final int lo;
                    final int hi;

                    Part(int[] data, int lo, int hi) {
                        this.data = data;
                        this.lo = lo;
                        this.hi = hi;
                    }

                    @Override
                    protected Long compute() {
                        long s = 0;
                        for (int i = lo; i < hi; i++) {
                            s += data[i];
                        }
                        return s;
                    }
                }
                """;
        String after = before
                .replace("            part.fork(); // runs while the next part is prepared\n", "")
                .replace("        }\n        long total = 0;", "        }\n        invokeAll(parts);\n        long total = 0;");
        assertEquals(after, rewrite(before));
        Fix fix = onlyPlan(before).fixes().get(0);
        assertEquals(Safety.SAFE, fix.safety());
        assertTrue(fix.why().contains("'parts'"), fix.why());
    }

    private static final String PART = """

            class Part extends java.util.concurrent.RecursiveTask<Long> {
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

    @Test
    void forkInsideAddKeepsTheAddAndDropsTheFork() {
        String before = """
                package p;

                import java.util.ArrayDeque;
                import java.util.Deque;
                import java.util.concurrent.RecursiveTask;

                class Sum extends RecursiveTask<Long> {
                    @Override
                    protected Long compute() {
                        Deque<Part> parts = new ArrayDeque<>();
                        for (int i = 0; i < 8; i++) {
                            parts.push(new Part(i).fork());
                        }
                        long total = 0;
                        while (!parts.isEmpty()) {
                            total += parts.pop().join();
                        }
                        return total;
                    }
                }
                """ + PART;
        String after = before.replace("parts.push(new Part(i).fork());", "parts.push(new Part(i));")
                .replace("        }\n        long total = 0;", "        }\n        invokeAll(parts);\n        long total = 0;");
        assertEquals(after, rewrite(before));
    }

    @Test
    void outsideTaskClassesInvokeAllIsQualifiedWithoutTouchingImports() {
        String template = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                IMPORT
                class Sum extends java.util.concurrent.RecursiveTask<Long> {
                    @Override
                    protected Long compute() {
                        return Helper.sumSquares(8);
                    }
                }

                class Helper {
                    static long sumSquares(int n) {
                        List<Part> parts = new ArrayList<>(n);
                        for (int i = 0; i < n; i++) {
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                    }
                }
                """ + PART;
        String plain = template.replace("IMPORT\n", "");
        assertEquals(plain.replace("            part.fork();\n", "")
                        .replace("        }\n        long total = 0;",
                                "        }\n        java.util.concurrent.ForkJoinTask.invokeAll(parts);\n        long total = 0;"),
                rewrite(plain));
        String imported = template.replace("IMPORT", "import java.util.concurrent.ForkJoinTask;");
        assertEquals(imported.replace("            part.fork();\n", "")
                        .replace("        }\n        long total = 0;",
                                "        }\n        ForkJoinTask.invokeAll(parts);\n        long total = 0;"),
                rewrite(imported));
    }

    private static final String LOOP_IN = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Sum extends RecursiveTask<Long> {
                int own;

                @Override
                protected Long compute() {
            BODY
                }
            }
            """ + PART;

    private static String loop(String body) {
        return LOOP_IN.replace("BODY\n", body);
    }

    @Test
    void withoutACollectionTheTasksAreCollectedInANewListForReview() {
        String before = loop("""
                        Part last = null;
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            part.fork();
                            last = part;
                        }
                        return last.join();
                """);
        assertEquals(before, rewrite(before), "REVIEW fixes are not applied by default");
        Fix fix = onlyPlan(before).fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("no collection"), fix.why());
        String reviewed = RewriteTester.rewrite(tempDir.resolve("review"), Map.of(FILE, before), RULE, true).text(FILE);
        assertEquals(before.replace("        for (int i", "        List<Part> forked = new ArrayList<>();\n        for (int i")
                .replace("part.fork();", "forked.add(part);")
                .replace("        }\n        return last", "        }\n        invokeAll(forked);\n        return last"), reviewed);
        assertTrue(RewriteTester.parses(reviewed));
    }

    @Test
    void ownWorkBetweenLoopAndJoinsNeedsReview() {
        Fix fix = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                        }
                        long total = own();
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                    }

                    long own() {
                        return own++;
                """)).fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("between the loop and the joins"), fix.why());
    }

    @Test
    void earlyReturnAndReusedCollectionNeedReview() {
        Fix early = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                            if (own > 3) {
                                return 0L;
                            }
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """)).fixes().get(0);
        assertEquals(Safety.REVIEW, early.safety());
        assertTrue(early.why().contains("return"), early.why());
        Fix reused = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        parts.add(new Part(-1));
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """)).fixes().get(0);
        assertEquals(Safety.REVIEW, reused.safety());
        assertTrue(reused.why().contains("between its creation and the loop"), reused.why());
    }

    @Test
    void taskUsedAfterItsForkNeedsReview() {
        Fix fix = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                            own += part.isDone() ? 1 : 0;
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """)).fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
    }

    @Test
    void forkInHelperOrUnderConditionIsManual() {
        Plan helper = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            spawn(part, parts);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                    }

                    static void spawn(Part part, List<Part> parts) {
                        part.fork();
                        parts.add(part);
                """));
        assertTrue(helper.isManual());
        assertTrue(helper.manualReason().contains("Sum.spawn"), helper.manualReason());
        Plan conditional = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            Part part = new Part(i);
                            if (i % 2 == 0) {
                                part.fork();
                            }
                            parts.add(part);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """));
        assertTrue(conditional.isManual());
        assertTrue(conditional.manualReason().contains("nested"), conditional.manualReason());
    }

    private static final String SAFE_BODY = """
                    List<Part> parts = new ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        Part part = new Part(i);
                        part.fork();
                        parts.add(part);
                    }
                    long total = 0;
                    for (Part part : parts) {
                        total += part.join();
                    }
                    return total;
            """;

    @Test
    void crlfFileKeepsItsLineSeparatorsAndEveryOtherLine() {
        String before = loop(SAFE_BODY).replace("\n", "\r\n");
        String after = rewrite(before);
        assertEquals(before.replace("            part.fork();\r\n", "")
                .replace("        }\r\n        long total = 0;", "        }\r\n        invokeAll(parts);\r\n        long total = 0;"), after);
        assertOnlyChanged(before, after, "\r\n", "part.fork();", "invokeAll(parts);");
    }

    @Test
    void tabIndentedFileGetsTabs() {
        String before = loop(SAFE_BODY).replace("    ", "\t");
        String after = rewrite(before);
        assertEquals(before.replace("\t\t\tpart.fork();\n", "")
                .replace("\t\t}\n\t\tlong total = 0;", "\t\t}\n\t\tinvokeAll(parts);\n\t\tlong total = 0;"), after);
        assertOnlyChanged(before, after, "\n", "part.fork();", "invokeAll(parts);");
    }

    /** Every line but the removed and the inserted one is byte-identical and in the same order. */
    private static void assertOnlyChanged(String before, String after, String separator, String removed, String inserted) {
        List<String> kept = List.of(before.split(separator, -1)).stream().filter(l -> !l.contains(removed)).toList();
        List<String> rest = List.of(after.split(separator, -1)).stream().filter(l -> !l.contains(inserted)).toList();
        assertEquals(kept, rest);
        assertEquals(before.split(separator, -1).length, after.split(separator, -1).length);
    }
}
