package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * Spoon's equals() is structural: two task classes whose compute() bodies are written alike are still two
 * methods, each reached, each reported. (The call graph once kept one of them, keyed by equals().)
 */
class IdenticalBodiesTest {

    @Test
    void twoTasksWithTheSameBodyAreBothTaskCode() {
        String task = """
                package p;
                import java.util.concurrent.RecursiveAction;
                class NAME extends RecursiveAction {
                    @Override
                    protected void compute() {
                        try {
                            Thread.sleep(1); // expect: sleepy-worker
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """;
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/First.java", task.replace("NAME", "First"))
                .source("p/Second.java", task.replace("NAME", "Second"))
                .check();
    }
}
