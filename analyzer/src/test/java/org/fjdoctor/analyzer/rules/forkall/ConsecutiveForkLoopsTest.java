package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Two loops that create and fork subtasks of one list, one after the other, and then the worker only waits: a
 * second fork loop is more forking, not work of the worker's own, so both loops fork every subtask; the wait may
 * start with a join of one subtask ({@code first = tasks.get(0).join();}) before the join loop. Work of the
 * worker's own between the loops, or in the statement that joins, keeps the worker busy.
 */
class ConsecutiveForkLoopsTest {

    private static final String TASK = """
            package p;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;
            class Search extends RecursiveTask<Integer> {
                final List<Integer> dirs;
                final List<Integer> files;
                Search(List<Integer> dirs, List<Integer> files) { this.dirs = dirs; this.files = files; }
                @Override
                protected Integer compute() {
                    List<RecursiveTask<Integer>> tasks = new ArrayList<>();
                    for (Integer dir : dirs) {
                        Search task = new Search(List.of(), List.of(dir));
                        tasks.add(task);
                        task.fork();FIRST
                    }
                    BETWEEN
                    for (Integer file : files) {
                        Count task = new Count(file);
                        tasks.add(task);
                        task.fork();SECOND
                    }
                    int total = JOINED;
                    for (RecursiveTask<Integer> task : tasks) {
                        total += task.join();
                    }
                    return total;
                }
            }
            class Count extends RecursiveTask<Integer> {
                final int file;
                Count(int file) { this.file = file; }
                @Override
                protected Integer compute() { return file; }
            }
            """;

    private static String task(String first, String between, String second, String joinFirst) {
        return TASK.replace("FIRST", first).replace("BETWEEN", between).replace("SECOND", second)
                .replace("JOINED", joinFirst);
    }

    @Test
    void bothForkLoopsBeforeTheJoinLoopForkEverySubtask() {
        RuleTester.of(ForkAllRule.class).source("p/Search.java", task(" // expect: fork-all", "",
                " // expect: fork-all", "0")).check();
    }

    @Test
    void aJoinOfOneSubtaskBeforeTheJoinLoopIsStillOnlyWaiting() {
        RuleTester.of(ForkAllRule.class).source("p/Search.java", task(" // expect: fork-all", "",
                " // expect: fork-all", "tasks.get(0).join()")).check();
    }

    @Test
    void workOfItsOwnBetweenTheLoopsKeepsTheFirstLoopApart() {
        RuleTester.of(ForkAllRule.class).source("p/Search.java", task("", "System.out.println(Integer.parseInt(\"1\"));",
                " // expect: fork-all", "0")).check();
    }

    @Test
    void workOfItsOwnInTheJoiningStatementKeepsTheWorkerBusy() {
        RuleTester.of(ForkAllRule.class).source("p/Search.java", task("", "", "",
                "Integer.parseInt(\"7\") + tasks.get(0).join()")).check();
    }
}
