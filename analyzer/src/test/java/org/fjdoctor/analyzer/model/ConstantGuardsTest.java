package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call in a branch on a parameter that every call reaching the method from task code rules out with a
 * constant argument is not on a path from task code (gama's error report pauses with {@code andWait} false,
 * which never takes the synchronous pause); a caller outside task code that passes another constant does not
 * count, one in task code does.
 */
class ConstantGuardsTest {

    private static final String CONTROL = """
            package p;
            public class Control {
                static final Object LOCK = new Object();
                static final int QUIET = 0;
                static final int LOUD = 1;
                static long paused;
                public static void main(String[] args) {
                    pause(true);
                    log("start", LOUD);
                }
                static void report(String message) {
                    log(message, QUIET);
                    pauseAll(false);
                }
                static void pauseAll(boolean andWait) {
                    pause(andWait);
                }
                static boolean pause(boolean andWait) {
                    return !Thread.interrupted() && andWait ? synchronousPause() : false;
                }
                static boolean synchronousPause() {
                    synchronized (LOCK) { // waits
                        paused++;
                    }
                    return true;
                }
                static void log(String message, int level) {
                    if (level != QUIET) {
                        synchronized (LOCK) { // logs
                            System.out.println(message);
                        }
                    }
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class Simulate extends RecursiveAction {
                private final int steps;
                public Simulate(int steps) {
                    this.steps = steps;
                }
                @Override
                protected void compute() {
                    if (steps < 0) {
                        Control.report("negative");
                    }
                }
            }
            """;

    @Test
    void branchesEveryReachingCallRulesOutAreNotTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Control.java", CONTROL)
                .source("p/Simulate.java", TASK)
                .check();
    }

    @Test
    void aTaskCallThatPassesAnotherConstantKeepsTheBranch() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Control.java", CONTROL
                        .replace("// waits", "// expect: intra-task-sync")
                        .replace("// logs", "// expect: intra-task-sync"))
                .source("p/Simulate.java", TASK.replace("Control.report(\"negative\");",
                        "Control.report(\"negative\");\n        } else {\n            Control.log(\"step\", Control.LOUD);\n"
                                + "            Control.pauseAll(steps > 100);"))
                .check();
    }

    private static final String KERNEL = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            public class Kernel extends RecursiveAction {
                static final Object LOCK = new Object();
                static long total;
                @Override
                protected void compute() {
                    sum(1);
                    estimate(null);
                    scaled(1);
                }
                static void sum(int k) {
                    if (k <= 1) {
                        total++;
                    } else {
                        synchronized (LOCK) { // parallel
                            total++;
                        }
                    }
                }
                static void estimate(Map<Integer, Double> cache) {
                    if (cache == null) {
                        total++;
                    } else {
                        synchronized (cache) { // cached
                            cache.put(1, 1.0);
                        }
                    }
                }
                static void scaled(int k) {
                    k = k <= 0 ? 8 : k * 4;
                    if (1 < k) {
                        synchronized (LOCK) { // expect: intra-task-sync
                            total++;
                        }
                    }
                }
            }
            """;

    /** An order test of a number ({@code k <= 1}) and a test for {@code null} are decided by constant arguments too. */
    @Test
    void orderAndNullTestsAreRuledOutByConstants() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Kernel.java", KERNEL).check();
    }

    /** A parameter the method assigns holds what it was assigned, not what the callers pass. */
    @Test
    void otherArgumentsKeepTheBranches() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Kernel.java", KERNEL
                .replace("sum(1);", "sum(1);\n        sum(4);").replace("// parallel", "// expect: intra-task-sync")
                .replace("estimate(null);", "estimate(null);\n        estimate(new HashMap<>());")
                .replace("// cached", "// expect: intra-task-sync")).check();
    }
}
