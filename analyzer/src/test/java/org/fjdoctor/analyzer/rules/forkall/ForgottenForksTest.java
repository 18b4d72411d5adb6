package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A task whose compute() ends with a loop that creates and forks each subtask, joined by no one: every subtask is
 * forked and the worker runs none in place. A subtask the loop also hands on (stored where someone may join it),
 * or work of the task's own after the loop, is no such shape.
 */
class ForgottenForksTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            class Crawl extends RecursiveAction {
                final String url;
                Crawl(String url) { this.url = url; }
                List<String> links(String page) { return Arrays.asList(page.split(",")); }
                @Override
                protected void compute() {
                    List<String> links = links(url);
                    if (!links.isEmpty()) {
                        for (String link : links) {
                            Crawl action = new Crawl(link);
                            action.fork(); // expect: fork-all "creates and forks every subtask"
                        }
                    }
                }
            }
            class Visit extends RecursiveAction {
                final String url;
                Visit(String url) { this.url = url; }
                @Override
                protected void compute() {
                    for (String link : url.split(","))
                        new Visit(link).fork(); // expect: fork-all "ends without running one itself"
                }
            }
            """;

    @Test
    void aLoopEndingComputeThatCreatesAndForksEachSubtaskForksAll() {
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", SOURCE).check();
    }

    @Test
    void storedSubtasksOrWorkAfterTheLoopAreNoSuchShape() {
        String stored = replaceOnce(SOURCE, "action.fork(); // expect: fork-all \"creates and forks every subtask\"",
                "action.fork();\n                CHILDREN.add(action);")
                .replace("class Crawl extends RecursiveAction {", "class Crawl extends RecursiveAction {\n"
                        + "    static final List<Crawl> CHILDREN = new ArrayList<>();");
        String after = replaceOnce(stored, "new Visit(link).fork(); // expect: fork-all \"ends without running one itself\"",
                "new Visit(link).fork();\n        System.out.println(url);");
        RuleTester.of(ForkAllRule.class).source("p/Crawl.java", after).check();
    }

    /** {@code text} with {@code old}, which must occur exactly once, replaced: a stale fixture fails here. */
    private static String replaceOnce(String text, String old, String replacement) {
        int at = text.indexOf(old);
        Assertions.assertTrue(at >= 0 && text.indexOf(old, at + 1) < 0, old);
        return text.replace(old, replacement);
    }
}
