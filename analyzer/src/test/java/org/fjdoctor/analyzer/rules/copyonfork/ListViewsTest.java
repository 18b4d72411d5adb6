package org.fjdoctor.analyzer.rules.copyonfork;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A bare {@code subList} view, or a part of Guava's {@code Lists.partition} or commons-collections'
 * {@code ListUtils.partition} (lists of such views), handed to a subtask copies nothing: since JDK 9 a view
 * indexes its root list directly, so views of views do not chain, and a view costs one small object per split,
 * as the subtask does. A copy of the view ({@code new ArrayList<>(list.subList(a, b))}) is still a copy.
 */
class ListViewsTest {

    /** The task, with the two lines that make the halves' subtasks. */
    private static String halves(String left, String right) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Sum extends RecursiveTask<Long> {
                    private final List<Long> items;
                    Sum(List<Long> items) {
                        this.items = items;
                    }
                    @Override
                    protected Long compute() {
                        int n = items.size();
                        if (n <= 64) {
                            long sum = 0;
                            for (long item : items) {
                                sum += item;
                            }
                            return sum;
                        }
                        int mid = n / 2;
                LEFT
                RIGHT
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """.replace("LEFT", left).replace("RIGHT", right);
    }

    private static String parts(String imported, String partition) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                import IMPORTED;
                class Parts extends RecursiveTask<Long> {
                    private final List<Long> items;
                    Parts(List<Long> items) {
                        this.items = items;
                    }
                    @Override
                    protected Long compute() {
                        int n = items.size();
                        if (n <= 64) {
                            return (long) n;
                        }
                        List<Parts> subtasks = new ArrayList<>();
                        for (List<Long> part : PARTITION) {
                            subtasks.add(new Parts(part));
                        }
                        long total = 0;
                        for (Parts subtask : invokeAll(subtasks)) {
                            total += subtask.join();
                        }
                        return total;
                    }
                }
                """.replace("IMPORTED", imported).replace("PARTITION", partition);
    }

    @Test
    void subListViewsHandedToSubtasksAreNotReported() {
        RuleTester.of(CopyOnForkRule.class)
                .source("p/Sum.java", halves(
                        "        Sum left = new Sum(items.subList(0, mid));",
                        "        Sum right = new Sum(items.subList(mid, n));"))
                .check();
    }

    @Test
    void copiesOfSubListViewsAreStillReported() {
        RuleTester.of(CopyOnForkRule.class)
                .source("p/Sum.java", halves(
                        "        Sum left = new Sum(new ArrayList<>(items.subList(0, mid)));"
                                + " // expect: copy-on-fork \"new ArrayList<>(..subList(..))\"",
                        "        Sum right = new Sum(List.copyOf(items.subList(mid, n))); // expect: copy-on-fork"))
                .check();
    }

    @Test
    void guavaPartitionPartsAreNotReported() {
        RuleTester.of(CopyOnForkRule.class)
                .source("p/Parts.java", parts("com.google.common.collect.Lists", "Lists.partition(items, n / 4)"))
                .check();
    }

    @Test
    void commonsPartitionPartsAreNotReported() {
        RuleTester.of(CopyOnForkRule.class)
                .source("p/Parts.java", parts("org.apache.commons.collections4.ListUtils",
                        "ListUtils.partition(items, n / 4)"))
                .check();
    }
}
