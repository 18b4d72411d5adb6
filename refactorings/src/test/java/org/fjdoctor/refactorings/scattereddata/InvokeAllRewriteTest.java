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

/**
 * Every fork loop here prepares data for its subtask ({@code int[] slice = {1, 2};}): a loop that only builds
 * and forks its subtasks is fork-all's finding, which {@code CreateAndForkRewrite} fixes with the same edits.
 */
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
        List<org.fjdoctor.refactorings.pipeline.Refactorings.Planned> plans =
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
    void aLoopThatPausesBetweenForksNeedsReview() {
        // a crawler's politeness delay before each fork (seen in a real crawler): forking all the subtasks
        // after the loop would start them together, the pacing gone, so the fix is only offered for review
        String before = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveAction;

                class Crawl extends RecursiveAction {
                    private final List<String> links;

                    Crawl(List<String> links) {
                        this.links = links;
                    }

                    static void politely(int millis) {
                        try {
                            Thread.sleep(millis);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }

                    @Override
                    protected void compute() {
                        List<Crawl> children = new ArrayList<>();
                        for (String link : links) {
                            politely(200);
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Crawl child = new Crawl(List.of(link + "/a"));
                            child.fork();
                            children.add(child);
                        }
                        for (Crawl child : children) {
                            child.join();
                        }
                    }
                }
                """;
        assertEquals(before, rewrite(before), "no SAFE fix");
        Fix fix = onlyPlan(before).fixes().get(0);
        assertEquals(Safety.REVIEW, fix.safety());
        assertTrue(fix.why().contains("Crawl.politely() -> Thread.sleep"), fix.why());
    }

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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                .replace("        }\n        return last", "        }\n        for (Part subtask : forked) {\n"
                        + "            subtask.fork();\n        }\n        return last"), reviewed);
        assertTrue(RewriteTester.parses(reviewed));
    }

    /**
     * Regression: a flat fork loop whose task computes its own last segment after the loop. invokeAll there
     * waited for every forked segment before the task's own one started (sequential at parallelism 2, about
     * 2x slower on a real library); the segments are now forked after the loop without waiting, so the own
     * segment still overlaps with them.
     */
    @Test
    void ownWorkAfterTheLoopStillOverlapsWithTheForkedTasks() {
        String before = loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 7; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Part part = new Part(i);
                            part.fork();
                            parts.add(part);
                        }
                        long total = new Part(7).compute();
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """);
        RewriteTester.of(InvokeAllRewrite.class).before(FILE, before).after(FILE, RewriteTester.replaceOnce(
                RewriteTester.replaceOnce(before, "            part.fork();\n", ""),
                "        }\n        long total = new Part(7)", "        }\n        for (Part subtask : parts) {\n"
                        + "            subtask.fork();\n        }\n        long total = new Part(7)")).check();
    }

    /**
     * Regression: a folder task forks its subfolder tasks in one loop and its document tasks in a second,
     * both into one list, then joins all. invokeAll after each loop made the documents wait for the whole
     * subfolder tree and forked the subfolder tasks a second time. Now each loop's group is forked after
     * that loop: the second from the list's size before it, so no task is forked twice.
     */
    @Test
    void twoLoopsFillingOneListAreTwoGroupsForkedOnce() {
        String before = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Folder extends RecursiveTask<Long> {
                    final int depth;

                    Folder(int depth) {
                        this.depth = depth;
                    }

                    @Override
                    protected Long compute() {
                        List<RecursiveTask<Long>> tasks = new ArrayList<>();
                        for (int sub = 0; depth > 0 && sub < 2; sub++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Folder folder = new Folder(depth - 1);
                            folder.fork();
                            tasks.add(folder);
                        }
                        for (int doc = 0; doc < 3; doc++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Document document = new Document(doc);
                            document.fork();
                            tasks.add(document);
                        }
                        long words = 0;
                        for (RecursiveTask<Long> task : tasks) {
                            words += task.join();
                        }
                        return words;
                    }
                }

                class Document extends RecursiveTask<Long> {
                    final int id;

                    Document(int id) {
                        this.id = id;
                    }

                    @Override
                    protected Long compute() {
                        return (long) id;
                    }
                }
                """;
        RewriteTester.of(InvokeAllRewrite.class).before("p/Folder.java", before).after("p/Folder.java", """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Folder extends RecursiveTask<Long> {
                    final int depth;

                    Folder(int depth) {
                        this.depth = depth;
                    }

                    @Override
                    protected Long compute() {
                        List<RecursiveTask<Long>> tasks = new ArrayList<>();
                        for (int sub = 0; depth > 0 && sub < 2; sub++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Folder folder = new Folder(depth - 1);
                            tasks.add(folder);
                        }
                        for (RecursiveTask<Long> subtask : tasks) {
                            subtask.fork();
                        }
                        int firstForked = tasks.size();
                        for (int doc = 0; doc < 3; doc++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Document document = new Document(doc);
                            tasks.add(document);
                        }
                        for (RecursiveTask<Long> subtask : tasks.subList(firstForked, tasks.size())) {
                            subtask.fork();
                        }
                        long words = 0;
                        for (RecursiveTask<Long> task : tasks) {
                            words += task.join();
                        }
                        return words;
                    }
                }
                """ + before.substring(before.indexOf("\nclass Document"))).check();
    }

    /**
     * A list created empty before an {@code if} whose block holds the fork loop is still empty when the loop
     * starts: its tasks are forked whole after the loop (the joins after the {@code if} are not directly after it).
     */
    @Test
    void aLoopInsideAnIfForksTheWholeListCreatedBeforeIt() {
        String before = loop("""
                        List<Part> parts = new ArrayList<>();
                        int n = own + 8;
                        if (n > 0) {
                            for (int i = 0; i < n; i++) {
                                int[] slice = {1, 2}; // data prepared for this subtask alone
                                Part part = new Part(i);
                                part.fork();
                                parts.add(part);
                            }
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """);
        RewriteTester.of(InvokeAllRewrite.class).before(FILE, before).after(FILE, RewriteTester.replaceOnce(
                RewriteTester.replaceOnce(before, "                part.fork();\n", ""),
                "            }\n        }\n", "            }\n            for (Part subtask : parts) {\n"
                        + "                subtask.fork();\n            }\n        }\n")).check();
    }

    /** A deque two loops fill cannot be split into its groups: forking "the loop's tasks" could fork one twice. */
    @Test
    void aDequeFilledBeforeTheLoopIsManual() {
        Plan plan = onlyPlan(loop("""
                        java.util.Deque<Part> parts = new java.util.ArrayDeque<>();
                        int[] slice = {1, 2}; // data prepared for this subtask alone
                        parts.push(new Part(-1).fork());
                        for (int i = 0; i < 8; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Part part = new Part(i);
                            part.fork();
                            parts.push(part);
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """));
        assertTrue(plan.isManual(), plan.toString());
        assertTrue(plan.manualReason().contains("twice"), plan.manualReason());
    }

    @Test
    void earlyReturnNeedsReviewAndAFilledListForksFromItsSize() {
        Fix early = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
        assertEquals(Safety.SAFE, reused.safety(), reused.why());
        assertTrue(reused.edits().stream().anyMatch(e -> e.replacement().contains("parts.subList(firstForked, parts.size())")),
                reused.edits().toString());
    }

    @Test
    void taskUsedAfterItsForkNeedsReview() {
        Fix fix = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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
                            int[] slice = {1, 2}; // data prepared for this subtask alone
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

    @Test
    void aTaskCreatedCollectedAndForkedUnderAConditionIsForkedWithTheOthersAfterTheLoop() {
        String before = loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            if (i % 3 == 0) {
                                continue;
                            } else if (i % 2 == 0) {
                                int[] slice = {1, 2}; // data prepared for this subtask alone
                                Part part = new Part(i);
                                parts.add(part);
                                part.fork();
                            }
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """);
        String after = before
                .replace("                part.fork();\n", "")
                .replace("        }\n        long total = 0;", "        }\n        invokeAll(parts);\n        long total = 0;");
        assertTrue(after.contains("invokeAll") && !after.contains("fork()"), after);
        assertEquals(after, rewrite(before));
        assertEquals(Safety.SAFE, onlyPlan(before).fixes().get(0).safety());
    }

    @Test
    void aForkInABranchWithoutBracesIsManual() {
        Plan plan = onlyPlan(loop("""
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone
                            Part part = new Part(i);
                            parts.add(part);
                            if (i % 2 == 0) part.fork();
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """));
        assertTrue(plan.isManual(), plan::toString);
    }

    private static final String SAFE_BODY = """
                    List<Part> parts = new ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        int[] slice = {1, 2}; // data prepared for this subtask alone
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
