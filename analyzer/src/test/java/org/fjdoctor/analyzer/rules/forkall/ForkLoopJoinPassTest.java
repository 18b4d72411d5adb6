package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * A loop that creates, forks and collects every subtask (also inside a {@code try}), followed by a join pass written
 * as a function over the collection ({@code tasks.forEach(ForkJoinTask::join)}, {@code tasks.stream().map(T::join)}):
 * the worker forks them all and then only waits (fork-all, at the last fork), and joins them in fork order
 * (join-order, at the join pass). Work of the worker's own between the loop and the joins, or a join pass over
 * another collection, is neither; a {@code HashSet} filled in fork order is walked in no fixed order (no join-order).
 */
class ForkLoopJoinPassTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.stream.*;
            class Crawl extends RecursiveAction {
                final List<String> links;
                Crawl(List<String> links) { this.links = links; }
                @Override
                protected void compute() {
                    List<Crawl> tasks = new ArrayList<>();
                    try {
                        for (String link : links) {
                            Crawl task = new Crawl(List.of(link));
                            Thread.sleep(10);
                            task.fork(); // expect: fork-all
                            tasks.add(task);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    tasks.forEach(ForkJoinTask::join); // expect: join-order
                }
            }
            class Pages extends RecursiveTask<List<String>> {
                final List<String> links;
                Pages(List<String> links) { this.links = links; }
                @Override
                protected List<String> compute() {
                    List<Pages> subtasks = new ArrayList<>();
                    for (String link : links) {
                        Pages sub = new Pages(List.of(link));
                        subtasks.add(sub);
                        sub.fork(); // expect: fork-all
                    }
                    return subtasks.stream().map(Pages::join).flatMap(List::stream).collect(Collectors.toList()); // expect: join-order
                }
            }
            """;

    @Test
    void aForkLoopThenAJoinPassForksAll() {
        ForEachForksTest.check(SOURCE, ForkAllRule.class, "fork-all");
    }

    @Test
    void aJoinPassAfterAForkLoopJoinsInForkOrder() {
        ForEachForksTest.check(SOURCE, JoinOrderRule.class, "join-order");
    }

    @Test
    void aJoinPassOverASetFilledInForkOrderIsNoFixedOrder() {
        String source = SOURCE.replace("List<Crawl> tasks = new ArrayList<>();", "Set<Crawl> tasks = new HashSet<>();");
        ForEachForksTest.check(source, ForkAllRule.class, "fork-all");
        ForEachForksTest.check(source.replace("tasks.forEach(ForkJoinTask::join); // expect: join-order",
                "tasks.forEach(ForkJoinTask::join);"), JoinOrderRule.class, "join-order");
    }

    @Test
    void workOfItsOwnBetweenOrAJoinPassOverAnotherCollectionIsNeither() {
        String source = SOURCE
                .replace("tasks.forEach(ForkJoinTask::join);", "links.forEach(System.out::println);\n"
                        + "                    tasks.forEach(ForkJoinTask::join);")
                .replace("return subtasks.stream()", "return others().stream()")
                .replace("    Pages(List<String> links)", "    List<Pages> others() { return List.of(); }\n    Pages(List<String> links)")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", source).check();
        RuleTester.of(JoinOrderRule.class).source("p/Crawl.java", source).check();
    }
}
