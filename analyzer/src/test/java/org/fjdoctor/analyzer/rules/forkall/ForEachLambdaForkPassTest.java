package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * A fork loop written as a sequential {@code forEach} whose lambda creates, forks and collects each subtask
 * ({@code links.stream().map(..).forEach(l -> { t = new T(l); tasks.add(t); t.fork(); })}), followed by a join
 * loop or a join pass over the collection (past a setter's few field writes): the worker forks them all and then
 * only waits (fork-all, at the fork), and joins them in fork order (join-order, at the join). A parallel pipeline's lambda runs on other threads, and
 * work of the worker's own between the passes is neither.
 */
class ForEachLambdaForkPassTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            class Crawl extends RecursiveAction {
                final List<String> links;
                Crawl(List<String> links) { this.links = links; }
                @Override
                protected void compute() {
                    List<Crawl> tasks = new ArrayList<>();
                    links.stream().map(String::trim).forEach(link -> {
                        if (!link.isEmpty()) {
                            Crawl task = new Crawl(List.of(link));
                            tasks.add(task);
                            task.fork(); // expect: fork-all
                        }
                    });
                    for (Crawl task : tasks) {
                        task.join(); // expect: join-order
                    }
                }
            }
            class Pages extends RecursiveTask<List<String>> {
                final List<String> links;
                List<String> dropped;
                Pages(List<String> links) { this.links = links; }
                void forget(List<String> links) { dropped = links; }
                @Override
                protected List<String> compute() {
                    Collection<Pages> subtasks = new LinkedList<>();
                    List<String> found = new ArrayList<>();
                    links.forEach(link -> {
                        Pages sub = new Pages(List.of(link));
                        sub.fork(); // expect: fork-all
                        subtasks.add(sub);
                    });
                    forget(null);
                    subtasks.forEach(t -> found.addAll(t.join())); // expect: join-order
                    return found;
                }
            }
            """;

    @Test
    void aForEachThatCreatesAndForksEachSubtaskThenAJoinLoopForksAll() {
        ForEachForksTest.check(SOURCE, ForkAllRule.class, "fork-all");
    }

    @Test
    void theJoinsAfterSuchAForEachJoinInForkOrder() {
        ForEachForksTest.check(SOURCE, JoinOrderRule.class, "join-order");
    }

    @Test
    void aParallelPipelineOrWorkOfItsOwnBetweenIsNeither() {
        String source = SOURCE
                .replace("links.stream().map(String::trim).forEach(", "links.parallelStream().map(String::trim).forEach(")
                .replace("subtasks.forEach(t -> found", "links.forEach(System.out::println);\n"
                        + "                    subtasks.forEach(t -> found")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", source).check();
        RuleTester.of(JoinOrderRule.class).source("p/Crawl.java", source).check();
    }
}
