package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * An object of a named class that implements a functional interface, kept in a local, a field or handed in
 * as a parameter and then given to a stream step or {@code forEach}, runs its {@code accept}/{@code apply} in
 * the task that makes that call, as a lambda written there would.
 */
class NamedFunctionObjectTest {

    private static final String EVALUATOR = """
            package p;
            import java.util.function.Consumer;
            class Evaluator implements Consumer<Integer> {
                static final Object LOCK = new Object();
                static long seen;
                @Override
                public void accept(Integer item) {
                    synchronized (LOCK) {EXPECT
                        seen += item;
                    }
                }
            }
            """;

    private static void check(String compute, boolean reached) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Evaluator.java", EVALUATOR.replace("EXPECT", reached ? " // expect: intra-task-sync" : ""))
                .source("p/Job.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        import java.util.function.Consumer;
                        import java.util.stream.Stream;
                        class Job extends RecursiveAction {
                            final List<Integer> items;
                            private final Consumer<Integer> held = new Evaluator();
                            Job(List<Integer> items) { this.items = items; }
                            @Override
                            protected void compute() {
                        COMPUTE
                            }
                            void each(Consumer<Integer> action) {
                                items.forEach(action);
                            }
                        }
                        """.replace("COMPUTE", compute))
                .check();
    }

    @Test
    void aNamedConsumerInALocalRunsInTheTask() {
        check("""
                        Stream<Integer> stream;
                        if (items.size() > 100) {
                            stream = items.parallelStream();
                        } else {
                            stream = items.stream();
                        }
                        Evaluator eval = new Evaluator();
                        stream.forEach(eval);
                """, true);
    }

    @Test
    void aNamedConsumerInAFieldOrCreatedInPlaceRunsInTheTask() {
        check("        items.stream().forEach(held);", true);
        check("        items.forEach(new Evaluator());", true);
    }

    @Test
    void aNamedConsumerPassedAsAParameterRunsInTheTask() {
        check("        each(new Evaluator());", true);
    }

    @Test
    void aNamedConsumerThatIsOnlyMadeIsNotRun() {
        check("""
                        Evaluator eval = new Evaluator();
                        items.stream().map(i -> i + 1).count();
                        System.out.println(eval);
                """, false);
    }
}
