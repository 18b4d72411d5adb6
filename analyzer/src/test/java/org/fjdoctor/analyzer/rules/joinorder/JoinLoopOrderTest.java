package org.fjdoctor.analyzer.rules.joinorder;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/** A loop that forks the subtasks of a list, then a loop that joins them in the same order. */
class JoinLoopOrderTest {

    private static String task(String body) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Parts extends RecursiveTask<Long> {
                    final int n;
                    Parts(int n) { this.n = n; }
                    @Override
                    protected Long compute() {
                        if (n < 10) {
                            return (long) n;
                        }
                        long total = 0;
                        List<Parts> parts = new ArrayList<>();
                BODY
                        return total;
                    }
                }
                """.replace("BODY", body);
    }

    @Test
    void joiningInForkOrderAfterAForkLoopIsReported() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        for (int i = 0; i < 4; i++) {
                            Parts part = new Parts(n / 4);
                            part.fork();
                            parts.add(part);
                        }
                        for (Parts part : parts) {
                            total += part.join(); // expect: join-order "order the loop above forked them"
                        }
                """)).check();
    }

    @Test
    void joiningInReverseIsNot() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        for (int i = 0; i < 4; i++) {
                            parts.add(new Parts(n / 4));
                        }
                        for (Parts part : parts) {
                            part.fork();
                        }
                        for (int i = parts.size() - 1; i >= 0; i--) {
                            total += parts.get(i).join();
                        }
                """)).check();
    }

    @Test
    void anIndexLoopCountingUpIsReportedToo() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        for (int i = 0; i < 4; i++) {
                            parts.add(new Parts(n / 4));
                        }
                        for (Parts part : parts) {
                            part.fork();
                        }
                        for (int i = 0; i < parts.size(); i++) {
                            total += parts.get(i).join(); // expect: join-order
                        }
                """)).check();
    }

    @Test
    void anArrayOfSubtasksJoinedInForkOrderIsReportedAndCountedDownIsNot() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        Parts[] tasks = new Parts[4];
                        for (int i = 0; i < tasks.length; i++) {
                            tasks[i] = new Parts(n / 4);
                            tasks[i].fork();
                        }
                        for (int i = 0; i < tasks.length; i++) {
                            total += tasks[i].join(); // expect: join-order
                        }
                        Parts[] more = new Parts[2];
                        for (int i = 0; i < more.length; i++) {
                            more[i] = new Parts(n / 8);
                            more[i].fork();
                        }
                        for (int i = more.length - 1; i >= 0; i--) {
                            total += more[i].join();
                        }
                """)).check();
    }

    @Test
    void aForkLoopInsideAnIfThenAJoinLoopIsReported() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        if (n > 100) {
                            for (int i = 0; i < 4; i++) {
                                Parts part = new Parts(n / 4);
                                parts.add(part);
                                part.fork();
                            }
                        }
                        for (Parts part : parts) {
                            total += part.join(); // expect: join-order
                        }
                """)).check();
    }

    /** The fork's result added to the list in one statement, with no variable for the subtask. */
    @Test
    void aForkResultAddedInlineThenJoinedInForkOrderIsReported() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        List<java.util.concurrent.ForkJoinTask<Long>> forked = new ArrayList<>();
                        for (int i = 0; i < 4; i++) {
                            forked.add(new Parts(n / 4).fork());
                        }
                        for (java.util.concurrent.ForkJoinTask<Long> part : forked) {
                            total += part.join(); // expect: join-order "order the loop above forked them"
                        }
                """)).check();
    }

    @Test
    void aForkResultAddedInlineThenJoinedInReverseIsNot() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        List<java.util.concurrent.ForkJoinTask<Long>> forked = new ArrayList<>();
                        for (int i = 0; i < 4; i++) {
                            forked.add(new Parts(n / 4).fork());
                        }
                        for (int i = forked.size() - 1; i >= 0; i--) {
                            total += forked.get(i).join();
                        }
                """)).check();
    }

    private static String chain(String body) {
        return """
                package p;
                import java.util.concurrent.RecursiveTask;
                class Block extends RecursiveTask<Long> {
                    final int n;
                    Block next;
                    Block(int n) { this.n = n; }
                    @Override
                    protected Long compute() {
                        if (n < 10) {
                            return (long) n;
                        }
                        long total = 0;
                        Block root = null;
                        Block previous = null;
                BODY
                        return total;
                    }
                }
                """.replace("BODY", body);
    }

    @Test
    void aChainWalkedFromTheFirstForkedIsReported() {
        RuleTester.of(JoinOrderRule.class).source("p/Block.java", chain("""
                        if (n > 40) {
                            for (int i = 0; i < 4; i++) {
                                Block task = new Block(n / 4);
                                if (root == null) {
                                    root = previous = task;
                                } else {
                                    java.util.Objects.requireNonNull(previous).next = task;
                                    previous = task;
                                }
                                task.fork();
                            }
                        } else {
                            total = n;
                        }
                        while (root != null) {
                            total += root.join(); // expect: join-order
                            Block next = root.next;
                            root = next;
                        }
                """)).check();
    }

    @Test
    void aChainBuiltInReverseIsNot() {
        RuleTester.of(JoinOrderRule.class).source("p/Block.java", chain("""
                        for (int i = 0; i < 4; i++) {
                            Block task = new Block(n / 4);
                            task.next = root;
                            root = task;
                            task.fork();
                        }
                        while (root != null) {
                            total += root.join();
                            root = root.next;
                        }
                """)).check();
    }

    /** The create-and-fork loop sits in an if inside a try; the join loop after the try joins in fork order. */
    @Test
    void aForkLoopNestedInATryIsPairedWithTheJoinLoopAfterIt() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        try {
                            if (n % 2 == 0) {
                                for (int i = 0; i < 4; i++) {
                                    Parts part = new Parts(n / 4);
                                    parts.add(part);
                                    part.fork();
                                }
                            }
                            total += Integer.parseInt("1");
                        } catch (NumberFormatException e) {
                            total = -1;
                        }
                        for (Parts part : parts) {
                            total += part.join(); // expect: join-order
                        }
                """)).check();
    }

    /** A fork loop that only runs when the try fails is no fork of the normal path, and is not searched. */
    @Test
    void aForkLoopInACatchBlockIsNotPaired() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", task("""
                        try {
                            total += Integer.parseInt("1");
                        } catch (NumberFormatException e) {
                            for (int i = 0; i < 4; i++) {
                                Parts part = new Parts(n / 4);
                                parts.add(part);
                                part.fork();
                            }
                        }
                        for (Parts part : parts) {
                            total += part.join();
                        }
                """)).check();
    }

    /** The fork loop walks one list and adds each forked subtask to another ({@code add}), which the join loop walks. */
    private static String forkIntoCopy(String add, String join) {
        return task("""
                        for (int i = 0; i < 4; i++) {
                            parts.add(new Parts(n / 4));
                        }
                        List<Parts> forked = new ArrayList<>();
                        for (Parts part : parts) {
                            part.fork();
                            ADD;
                        }
                        for (Parts part : forked) {
                            JOIN
                        }
                """.replace("ADD", add).replace("JOIN", join));
    }

    @Test
    void aJoinLoopOverTheListTheForkLoopFillsIsPaired() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", forkIntoCopy("forked.add(part)",
                "total += part.join(); // expect: join-order")).check();
    }

    @Test
    void aReversedCopyIsNotPaired() {
        RuleTester.of(JoinOrderRule.class).source("p/Parts.java", forkIntoCopy("forked.add(0, part)",
                "total += part.join();")).check();
    }

    private static String dualMode(String compute) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Dual extends RecursiveTask<Long> {
                    final int n;
                    Dual(int n) { this.n = n; }
                    @Override
                    protected Long compute() {
                        COMPUTE
                    }
                    private Long execute(boolean forkJoin) {
                        List<Dual> forked = new ArrayList<>();
                        List<Dual> inline = new ArrayList<>();
                        for (int i = 0; i < 4; i++) {
                            Dual part = new Dual(n / 4);
                            if (forkJoin) {
                                part.fork();
                                forked.add(part);
                            } else {
                                inline.add(part);
                            }
                        }
                        long total = 0;
                        if (forkJoin) {
                            for (Dual part : forked) {
                                total += part.join(); // expect: join-order "order the loop above forked them"
                            }
                        } else {
                            for (Dual part : inline) {
                                total += part.invoke();
                            }
                        }
                        return total;
                    }
                }
                """.replace("COMPUTE", compute);
    }

    @Test
    void aJoinLoopUnderTheFlagOfADualModeTaskIsPaired() {
        RuleTester.of(JoinOrderRule.class).source("p/Dual.java", dualMode("return n < 10 ? n : execute(true);")).check();
    }

    @Test
    void aJoinLoopInABranchAConstantFlagRulesOutIsNot() {
        RuleTester.of(JoinOrderRule.class).source("p/Ordered.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Ordered extends RecursiveTask<Long> {
                    static final boolean IN_FORK_ORDER = false;
                    final int n;
                    Ordered(int n) { this.n = n; }
                    @Override
                    protected Long compute() {
                        return n < 10 ? n : execute();
                    }
                    private Long execute() {
                        List<Ordered> parts = new ArrayList<>();
                        for (int i = 0; i < 4; i++) {
                            Ordered part = new Ordered(n / 4);
                            part.fork();
                            parts.add(part);
                        }
                        long total = 0;
                        if (IN_FORK_ORDER) {
                            for (Ordered part : parts) {
                                total += part.join();
                            }
                        } else {
                            for (int i = parts.size() - 1; i >= 0; i--) {
                                total += parts.get(i).join();
                            }
                        }
                        return total;
                    }
                }
                """).check();
    }
}
