package org.fjdoctor.refactorings.forkall;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.RewriteTester;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FJ8 on a loop that creates and forks every subtask: the subtasks are forked with one invokeAll after it. */
class CreateAndForkRewriteTest {

    @TempDir
    Path tempDir;

    @Test
    void createAndForkLoopBecomesOneInvokeAll() {
        String before = """
                package p;

                import java.util.ArrayList;
                import java.util.List;
                import java.util.concurrent.RecursiveTask;

                class Walk extends RecursiveTask<Long> {
                    final int depth;

                    Walk(int depth) {
                        this.depth = depth;
                    }

                    @Override
                    protected Long compute() {
                        if (depth == 0) {
                            return 1L;
                        }
                        List<Walk> walks = new ArrayList<>();
                        for (int i = 0; i < 3; i++) {
                            Walk walk = new Walk(depth - 1);
                            walk.fork();
                            walks.add(walk);
                        }
                        long sum = 0;
                        for (Walk walk : walks) {
                            sum += walk.join();
                        }
                        return sum;
                    }
                }
                """;
        String after = RewriteTester.rewrite(tempDir, Map.of("p/Walk.java", before), "fork-all", false).text("p/Walk.java");
        assertEquals(before.replace("            walk.fork();\n", "")
                .replace("        }\n        long sum = 0;", "        }\n        invokeAll(walks);\n        long sum = 0;"), after);
    }
}
