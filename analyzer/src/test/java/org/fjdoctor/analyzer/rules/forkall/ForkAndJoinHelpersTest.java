package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * A fork loop and a join loop over the same list, each in a helper of the task's class that {@code compute()}
 * calls in sequence ({@code forkAll(subtasks); return joinAll(subtasks);}), are one fork-all and, when the join loop
 * walks the list forwards, one join in fork order. Work of the task's own between the two calls, or after the fork
 * loop in its helper, keeps the worker busy: no fork-all there.
 */
class ForkAndJoinHelpersTest {

    private static final String LEAF = """
            package p;
            import java.util.concurrent.RecursiveTask;
            class Leaf extends RecursiveTask<Integer> {
                final int b;
                Leaf(int b) { this.b = b; }
                @Override
                protected Integer compute() { return b * 2; }
            }
            """;

    private static final String SPLIT = """
            package p;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;
            class Split extends RecursiveTask<int[]> {
                @Override
                protected int[] compute() {
                    final List<Leaf> subtasks = new ArrayList<>(128);
                    this.forkAll(subtasks);
                    BETWEEN
                    return this.joinAll(subtasks);
                }
                private void forkAll(final List<Leaf> subtasks) {
                    for (int b = 0; b < 256; b += 2) {
                        final Leaf leaf = new Leaf(b);
                        subtasks.add(leaf);
                        leaf.fork();FORK
                    }
                }
                private int[] joinAll(final List<Leaf> subtasks) {
                    final int[] results = new int[128];
                    for (int i = 0; i < 128; i++) {
                        results[i] = subtasks.get(i).join();JOIN
                    }
                    return results;
                }
                static int own(int x) {
                    int sum = 0;
                    for (int i = 0; i < x; i++) {
                        sum += i;
                    }
                    return sum;
                }
            }
            """;

    private static String split(String between, String fork, String join) {
        return SPLIT.replace("BETWEEN", between).replace("FORK", fork).replace("JOIN", join);
    }

    @Test
    void aForkLoopAndAJoinLoopInHelpersCalledInSequenceAreForkAll() {
        RuleTester.of(ForkAllRule.class).source("p/Leaf.java", LEAF)
                .source("p/Split.java", split("", " // expect: fork-all \"creates and forks every subtask\"", "")).check();
    }

    @Test
    void theirJoinLoopWalkingTheListForwardsJoinsInForkOrder() {
        RuleTester.of(JoinOrderRule.class).source("p/Leaf.java", LEAF)
                .source("p/Split.java", split("", "", " // expect: join-order \"in the order the loop above\"")).check();
    }

    @Test
    void workOfItsOwnBetweenTheHelpersIsNoForkAll() {
        RuleTester.of(ForkAllRule.class).source("p/Leaf.java", LEAF)
                .source("p/Split.java", split("System.out.println(own(subtasks.size()));", "", "")).check();
    }

    @Test
    void joiningInReverseInTheHelperIsNoJoinOrder() {
        RuleTester.of(JoinOrderRule.class).source("p/Leaf.java", LEAF).source("p/Split.java", split("", "", "")
                .replace("for (int i = 0; i < 128; i++) {", "for (int i = 127; i >= 0; i--) {")).check();
    }
}
