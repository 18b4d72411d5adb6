package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A function handed in as a parameter and passed on to a stream step or {@code forEach} runs in the task that
 * makes that call: the method reference (or lambda) the caller
 * passes is task code.
 */
class PassedFunctionTest {

    @Test
    void aLambdaPassedThroughAParameterIntoForEachIsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Each.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        import java.util.function.Consumer;
                        class Each extends RecursiveAction {
                            static final Object LOCK = new Object();
                            static long seen;
                            final List<Integer> items;
                            Each(List<Integer> items) { this.items = items; }
                            @Override
                            protected void compute() {
                                apply(items, Each::count);
                            }
                            static void count(Integer item) {
                                synchronized (LOCK) { // expect: intra-task-sync
                                    seen += item;
                                }
                            }
                            static void apply(List<Integer> items, Consumer<Integer> action) {
                                items.stream().forEach(action);
                            }
                        }
                        """)
                .check();
    }
}
