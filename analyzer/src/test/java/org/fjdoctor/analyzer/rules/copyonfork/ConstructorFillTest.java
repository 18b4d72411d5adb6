package org.fjdoctor.analyzer.rules.copyonfork;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A subtask's constructor that makes a fresh container and fills it with every element of its argument ({@code
 * this.pages = ConcurrentHashMap.newKeySet(); this.pages.addAll(pages);}) copies its input in two statements, once
 * per subtask. Adding the argument's elements to a container that was handed in is no copy of the subtask's own.
 */
class ConstructorFillTest {

    private static String task(String constructor) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.ConcurrentHashMap;
                import java.util.concurrent.RecursiveTask;
                class Pages extends RecursiveTask<Integer> {
                    private final Set<String> pages;
                    private final Set<String> seen;
                    Pages(Set<String> pages, Set<String> seen) {
                CONSTRUCTOR
                    }
                    @Override
                    protected Integer compute() {
                        if (pages.size() <= 1) {
                            return pages.size();
                        }
                        List<String> all = new ArrayList<>(pages);
                        int mid = all.size() / 2;
                        Pages left = new Pages(Set.copyOf(all.subList(0, mid)), seen);
                        Pages right = new Pages(Set.copyOf(all.subList(mid, all.size())), seen);
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """.replace("CONSTRUCTOR", constructor);
    }

    @Test
    void aFreshContainerFilledWithTheArgumentIsACopy() {
        RuleTester.of(CopyOnForkRule.class).source("p/Pages.java", task("""
                        this.pages = ConcurrentHashMap.newKeySet();
                        this.pages.addAll(pages); // expect: copy-on-fork "a copy of every element of the argument"
                        this.seen = seen;
                """)).check();
    }

    @Test
    void theArgumentsElementsAddedToAContainerHandedInAreNoCopy() {
        RuleTester.of(CopyOnForkRule.class).source("p/Pages.java", task("""
                        this.pages = pages;
                        this.seen = seen;
                        this.seen.addAll(pages);
                """)).check();
    }
}
