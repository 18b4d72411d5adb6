package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A merge into one of the joined results ({@code leftResult.addAll(rightResult)}) grows that result in place: no
 * new container, the merge the rule's description leaves out. A merge into a list the task makes is still reported,
 * and so is one into a local that holds a joined result on one path and a new list on another.
 */
class InPlaceMergeTest {

    private static final String TASK = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class Segments extends RecursiveTask<List<String>> {
                final List<String> names;
                final int from;
                final int to;

                Segments(List<String> names, int from, int to) {
                    this.names = names;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected List<String> compute() {
                    if (to - from <= 2) {
                        List<String> results = new ArrayList<>();
                        for (int i = from; i < to; i++) {
                            results.add(names.get(i));
                        }
                        return results;
                    }
                    int mid = (from + to) >>> 1;
                    Segments left = new Segments(names, from, mid);
                    Segments right = new Segments(names, mid, to);
                    left.fork();
                    List<String> rightResult = right.compute();
                    %s
                }
            }
            """;

    @Test
    void aMergeIntoTheLeftResultInPlaceIsNoCopy() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Segments.java", TASK.formatted("""
                        List<String> leftResult = left.join();
                                if (!rightResult.isEmpty()) {
                                    leftResult.addAll(rightResult);
                                }
                                return leftResult;"""))
                .check();
    }

    @Test
    void aMergeIntoALocalAssignedTheJoinedResultIsNoCopy() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Segments.java", TASK.formatted("""
                        List<String> leftResult;
                                leftResult = left.join();
                                leftResult.addAll(rightResult);
                                return leftResult;"""))
                .check();
    }

    @Test
    void aMergeIntoANewListIsStillReported() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Segments.java", TASK.formatted("""
                        List<String> merged = new ArrayList<>();
                                merged.addAll(rightResult); // expect: copy-on-join
                                merged.addAll(left.join()); // expect: copy-on-join
                                return merged;"""))
                .check();
    }

    @Test
    void aLocalThatMayHoldANewListIsNoJoinedResult() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Segments.java", TASK.formatted("""
                        List<String> target = left.join();
                                if (target.isEmpty()) {
                                    target = new ArrayList<>();
                                }
                                target.addAll(rightResult); // expect: copy-on-join
                                return target;"""))
                .check();
    }
}
