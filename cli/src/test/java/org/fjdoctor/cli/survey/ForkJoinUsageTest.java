package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkJoinUsageTest {

    @TempDir
    Path dir;

    @Test
    void countsCodeNotCommentsAndSkipsGitDirectories() throws IOException {
        SourceTrees.write(dir.resolve("src/A.java"), """
                import java.util.concurrent.ForkJoinPool;
                import java.util.concurrent.CompletableFuture;
                // class Old extends RecursiveTask<Integer> { new ForkJoinPool(); }
                /* list.parallelStream() */
                class A extends java.util.concurrent.RecursiveTask<Integer> {
                    ForkJoinPool pool = new ForkJoinPool(4);
                    Integer compute() {
                        ForkJoinPool.commonPool().submit(() -> 1);
                        CompletableFuture.supplyAsync(() -> 2).thenApplyAsync(x -> x);
                        return java.util.List.of(1).parallelStream().mapToInt(i -> i).sum()
                                + java.util.stream.IntStream.range(0, 3).parallel().sum();
                    }
                }
                """);
        SourceTrees.write(dir.resolve("src/B.java"), "class B extends jsr166y.CountedCompleter<Void> {\n}\n");
        SourceTrees.write(dir.resolve(".git/C.java"), "class C extends RecursiveAction {\n}\n");

        ForkJoinUsage usage = ForkJoinUsage.of(dir);

        assertEquals(2, usage.files());
        assertEquals(15, usage.lines());
        assertEquals(2, usage.taskClasses(), "A and B; the commented-out class and .git/ do not count");
        assertEquals(2, usage.pools(), "new ForkJoinPool and commonPool()");
        assertEquals(2, usage.parallelStreams());
        assertEquals(2, usage.asyncCalls());
        assertEquals(List.of("CompletableFuture", "java.util.concurrent", "jsr166y", "parallel streams"), usage.frameworks());
    }
}
