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
                static void simulate() {
                    new Simulate(10).fork();
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

    private static final String VECTORS = """
            package p;
            import java.util.concurrent.*;
            interface Vector {
            }
            interface Composite {
            }
            class Dense implements Vector {
            }
            class Sparse implements Vector {
            }
            class Sorted extends Sparse {
            }
            class Blocks implements Vector, Composite {
                final Vector[] parts = {new Dense(), new Sparse()};
            }
            public class Dot extends RecursiveAction {
                static final Object LOCK = new Object();
                static long total;
                private final Blocks blocks;
                Dot(Blocks blocks) {
                    this.blocks = blocks;
                }
                @Override
                protected void compute() {
                    dense((Dense) blocks.parts[0]);
                    sparse((Sparse) blocks.parts[1]);
                    apply(null);
                }
                static void dense(Dense part) {
                    apply(part);
                }
                static void sparse(Sparse part) {
                    apply(part);
                }
                static void apply(Vector v) {
                    if (v instanceof Composite && !(v instanceof Dense)) {
                        synchronized (LOCK) { // composite
                            total++;
                        }
                    } else if (v instanceof Composite c) {
                        synchronized (c) { // pattern
                            total++;
                        }
                    } else {
                        synchronized (LOCK) { // expect: intra-task-sync
                            total++;
                        }
                    }
                }
            }
            """;

    /**
     * A type test of a parameter that every reaching call passes a class for, none of whose classes in the tree is
     * of the tested type (or {@code null}), never takes its branch; the branch the arguments can take is followed.
     */
    @Test
    void typeTestsTheArgumentsClassesCannotPassAreRuledOut() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Dot.java", VECTORS).check();
    }

    /** A value typed as an interface, or as a class one of whose subclasses is of the tested type, may take the branch. */
    @Test
    void argumentsThatMayBeOfTheTestedTypeKeepTheBranch() {
        String expected = VECTORS.replace("// composite", "// expect: intra-task-sync")
                .replace("// pattern", "// expect: intra-task-sync");
        RuleTester.of(IntraTaskSyncRule.class).source("p/Dot.java", expected
                .replace("apply(null);", "apply(blocks.parts[0]);")).check();
        RuleTester.of(IntraTaskSyncRule.class).source("p/Dot.java", expected
                .replace("class Sorted extends Sparse {", "class Sorted extends Sparse implements Composite {")).check();
    }
}
