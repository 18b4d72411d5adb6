package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * A sequential pipeline that creates and forks a subtask per element in a {@code map} step and collects the forked
 * subtasks ({@code Set<ForkJoinTask<Void>> tasks = paths.stream().map(p -> new Crawl(p).fork()).collect(toSet())}),
 * followed by a join pass over the collection: the terminal forks them all, and the worker then only waits
 * (fork-all). Collected into a list, the join pass walks them in fork order (join-order); into a set, in no fixed
 * order. Work of the worker's own between the two, or a parallel pipeline whose forks run on other threads, is
 * neither.
 */
class CollectedForksTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.stream.*;
            class Crawl extends RecursiveAction {
                final List<String> paths;
                Crawl(List<String> paths) { this.paths = paths; }
                @Override
                protected void compute() {
                    if (paths.size() < 2) {
                        return;
                    }
                    Set<ForkJoinTask<Void>> tasks = paths.stream()
                            .map(path -> new Crawl(List.of(path)).fork()) // expect: fork-all
                            .collect(Collectors.toSet());
                    tasks.forEach(ForkJoinTask::join);
                }
            }
            """;

    @Test
    void aPipelineThatCreatesForksAndCollectsThenAJoinPassForksAll() {
        ForEachForksTest.check(SOURCE, ForkAllRule.class, "fork-all");
        ForEachForksTest.check(SOURCE, JoinOrderRule.class, "join-order");
    }

    @Test
    void collectedIntoAListTheJoinPassJoinsInForkOrder() {
        String source = SOURCE.replace("Set<ForkJoinTask<Void>>", "List<ForkJoinTask<Void>>")
                .replace("Collectors.toSet()", "Collectors.toList()")
                .replace("tasks.forEach(ForkJoinTask::join);", "tasks.forEach(ForkJoinTask::join); // expect: join-order");
        ForEachForksTest.check(source, ForkAllRule.class, "fork-all");
        ForEachForksTest.check(source, JoinOrderRule.class, "join-order");
    }

    @Test
    void workOfItsOwnBetweenOrAParallelPipelineIsNoForkAll() {
        String between = SOURCE.replace("tasks.forEach(ForkJoinTask::join);",
                "paths.forEach(System.out::println);\n        tasks.forEach(ForkJoinTask::join);")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", between).check();
        String parallel = SOURCE.replace("paths.stream()", "paths.parallelStream()").replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", parallel).check();
    }
}
