package org.fjdoctor.analyzer.rules.scattereddata;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * FJ4 needs data prepared for each subtask between the forks: a loop that only builds the subtask over
 * shared data and forks it is no scattered data (when the worker then only waits, it is fork-all's).
 */
class PreparationTest {

    private static final String WALK = """
            package p;

            import java.io.File;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Walk extends RecursiveTask<Long> {
                final String path; final int[] colors;
                Walk(String path, int[] colors) { this.path = path; this.colors = colors; }

                @Override
                protected Long compute() {
                    File[] files = new File(path).listFiles();
                    if (files == null) {
                        return 1L;
                    }
                    List<Walk> walks = new ArrayList<>();
            %s
                    long sum = 0;
                    for (Walk w : walks) {
                        sum += w.join();
                    }
                    return sum;
                }
            }
            """;

    private static void check(String loop) {
        RuleTester.of(ScatteredDataRule.class).source("p/Walk.java", WALK.formatted(loop)).check();
    }

    @Test
    void onlyTheSubtaskBuiltOverSharedData() {
        check("""
                        for (File f : files) {
                            Walk w = new Walk(f.getPath(), colors);
                            walks.add(w);
                            w.fork();
                        }
                """);
    }

    @Test
    void indexArithmeticAndLinkingAreNoPreparation() {
        check("""
                        for (int i = 0; i < files.length; i++) {
                            int from = Math.min(i * 2, files.length);
                            Walk w = new Walk(files[from].getPath(), colors);
                            walks.add(w);
                            w.fork();
                        }
                """);
    }

    @Test
    void aCopyForEachSubtask() {
        check("""
                        for (File f : files) { // expect: scattered-data
                            int[] mine = colors.clone();
                            mine[0]++;
                            Walk w = new Walk(f.getPath(), mine);
                            walks.add(w);
                            w.fork();
                        }
                """);
    }

    @Test
    void aCopyConstructorForEachSubtask() {
        check("""
                        for (File f : files) { // expect: scattered-data
                            List<String> seen = new ArrayList<>(List.of(path));
                            Walk w = new Walk(seen.get(0) + f.getName(), colors);
                            walks.add(w);
                            w.fork();
                        }
                """);
    }

    @Test
    void otherWorkBetweenTheForks() {
        check("""
                        for (File f : files) { // expect: scattered-data
                            if (!SEEN.add(f.getPath())) {
                                continue;
                            }
                            Walk w = new Walk(f.getPath(), colors);
                            walks.add(w);
                            w.fork();
                        }
                """.replace("SEEN", "java.util.concurrent.ConcurrentHashMap.<String>newKeySet()"));
    }
}
