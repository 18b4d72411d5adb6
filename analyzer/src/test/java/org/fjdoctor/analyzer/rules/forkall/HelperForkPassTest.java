package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * A fork pass whose lambda hands the collection to a helper that creates, forks and adds one subtask per call
 * ({@code pages.forEach(page -> addTask(tasks, page)); tasks.forEach(ForkJoinTask::join);}): the worker forks them
 * all and then only waits (fork-all, at the helper's fork), and joins them in fork order (join-order, at the join).
 * A helper that forks a subtask it does not add to the collection, or work of the worker's own between the passes,
 * is neither.
 */
class HelperForkPassTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            class Parser extends RecursiveTask<Integer> {
                final String page;
                Parser(String page) { this.page = page; }
                @Override
                protected Integer compute() {
                    List<String> pages = Arrays.asList(page.split("/"));
                    if (pages.size() > 1) {
                        startJoin(pages);
                    }
                    return page.length();
                }
                private void startJoin(List<String> pages) {
                    List<Parser> taskList = new ArrayList<>();
                    pages.forEach(page -> addJoin(taskList, page));
                    taskList.forEach(ForkJoinTask::join); // expect: join-order
                }
                private void addJoin(List<Parser> taskList, String page) {
                    Parser parser = new Parser(page);
                    parser.fork(); // expect: fork-all
                    taskList.add(parser);
                }
            }
            """;

    @Test
    void aForEachThatForksThroughAHelperThenJoinsForksAll() {
        ForEachForksTest.check(SOURCE, ForkAllRule.class, "fork-all");
    }

    @Test
    void theJoinsAfterSuchAForEachJoinInForkOrder() {
        ForEachForksTest.check(SOURCE, JoinOrderRule.class, "join-order");
    }

    @Test
    void aHelperThatDoesNotAddWhatItForksOrWorkBetweenIsNeither() {
        String unadded = SOURCE.replace("taskList.add(parser);", "taskList.add(new Parser(page));")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Parser.java", unadded).check();
        RuleTester.of(JoinOrderRule.class).source("p/Parser.java", unadded).check();
        String workBetween = SOURCE.replace("taskList.forEach(ForkJoinTask::join);",
                        "pages.forEach(System.out::println);\n        taskList.forEach(ForkJoinTask::join);")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Parser.java", workBetween).check();
    }
}
