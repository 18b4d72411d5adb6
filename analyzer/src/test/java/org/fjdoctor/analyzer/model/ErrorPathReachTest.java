package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * A lock or pause in a method task code reaches only through a call in a {@code catch} clause (or in a
 * method that shuts down) runs only after a failure, where it delays that path rather than the computation: no
 * finding (blind auditors judged every such note a false alarm). The call graph walks such calls last, so a
 * method with any other path from task code keeps that path and stays a warning.
 */
class ErrorPathReachTest {

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class Parse extends RecursiveAction {
                static final Object LOCK = new Object();
                static long failures;
                private final String text;
                public Parse(String text) {
                    this.text = text;
                }
                @Override
                protected void compute() {
                    try {
                        Integer.parseInt(text);
                    } catch (NumberFormatException e) {
                        report(e);
                    }
                }
                static void report(Exception e) {
                    record();
                }
                static void record() {
                    synchronized (LOCK) {
                        failures++;
                    }
                }
            }
            """;

    @Test
    void aLockReachedOnlyFromACatchClauseIsNoFinding() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Parse.java", TASK).check();
    }

    @Test
    void aLockAlsoReachedOutsideTheCatchClauseIsAWarning() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Parse.java", TASK
                .replace("Integer.parseInt(text);", "Integer.parseInt(text);\n            if (text.isEmpty()) {\n"
                        + "                record();\n            }")
                .replace("synchronized (LOCK) {", "synchronized (LOCK) { // expect: intra-task-sync \"Parse.record(): a blocked worker\""))
                .check();
    }

    @Test
    void aPauseReachedOnlyFromAShutdownIsNoFinding() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Drain.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                public class Drain extends RecursiveAction {
                    @Override
                    protected void compute() {
                        shutdown();
                    }
                    void shutdown() {
                        backOff();
                    }
                    static void backOff() {
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """).check();
    }
}
