package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A task whose compute() ends with a loop that creates, stores and forks each subtask, joined later outside
 * compute(): fork-all when whoever waits for the task then at once waits for the stored subtasks (right after
 * {@code pool.invoke(this)}, or in a method every caller runs right after joining the task). A join loop after
 * work of the caller's own, a caller that does not join the task first, or work after the loop in compute() is no
 * such waste.
 */
class StoredForksTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            abstract class Collector extends RecursiveAction {
                abstract void collect(Collection<String> values);
            }
            class Root extends Collector {
                final List<String> urls;
                private final List<Collector> tasks = new ArrayList<>();
                Root(List<String> urls) { this.urls = urls; }
                @Override
                protected void compute() {
                    for (String url : urls) {
                        Loader task = new Loader(url);
                        tasks.add(task);
                        task.fork(); // expect: fork-all
                    }
                }
                @Override
                void collect(Collection<String> values) {
                    ForkJoinPool.commonPool().invoke(this);
                    List<String> found = null;
                    for (Collector task : tasks) {
                        task.join();
                        task.collect(values);
                    }
                }
            }
            class Loader extends Collector {
                final String url;
                private final List<Leaf> tasks = new ArrayList<>();
                Loader(String url) { this.url = url; }
                @Override
                protected void compute() {
                    for (String name : url.split(",")) {
                        Leaf task = new Leaf(name);
                        tasks.add(task);
                        task.fork(); // expect: fork-all
                    }
                }
                @Override
                void collect(Collection<String> values) {
                    for (Leaf task : tasks) {
                        task.join();
                        task.collect(values);
                    }
                }
            }
            class Leaf extends Collector {
                final String name;
                String result;
                Leaf(String name) { this.name = name; }
                @Override
                protected void compute() { result = name.trim(); }
                @Override
                void collect(Collection<String> values) { values.add(result); }
            }
            """;

    @Test
    void aStoredForkLoopEndingComputeJoinedRightAfterTheTaskForksAll() {
        RuleTester.of(ForkAllRule.class).source("p/Root.java", SOURCE).check();
    }

    @Test
    void workBeforeTheJoinsOrACallerThatDoesNotJoinTheTaskFirstIsNoWaste() {
        String source = SOURCE
                .replace("List<String> found = null;", "System.out.println(urls);")
                .replace("    void collect(Collection<String> values) { values.add(result); }",
                        "    void collect(Collection<String> values) { values.add(result); }\n"
                                + "    static void peek(Collector c) { c.collect(new ArrayList<>()); }")
                .replaceAll(" // expect: .*", "");
        RuleTester.of(ForkAllRule.class).source("p/Root.java", source).check();
    }

    @Test
    void workAfterTheLoopInComputeIsNoWaste() {
        // Root's loop (the first one) is followed by work of its own; Loader's still forks all
        String source = SOURCE.replaceFirst(" // expect: fork-all\n        }\n", "\n        }\n        System.out.println(urls);\n");
        Assertions.assertNotEquals(SOURCE, source);
        RuleTester.of(ForkAllRule.class).source("p/Root.java", source).check();
    }
}
