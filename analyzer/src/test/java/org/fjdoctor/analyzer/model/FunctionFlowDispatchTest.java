package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call of a functional interface's method runs what flows to its receiver: the lambdas a task's callers
 * pass (temporal's {@code Functions.Proc}, BaseX's {@code forEach(BiConsumer)}), not every lambda of that type
 * in the tree. Where some value's origin is unknown the call falls back to the type's implementations, and the
 * call path says so.
 */
class FunctionFlowDispatchTest {

    private static final String PROC = """
            package p;
            @FunctionalInterface
            public interface Proc {
                void apply();
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class Step extends RecursiveAction {
                private final Proc body;
                public Step(Proc body) {
                    this.body = body;
                }
                @Override
                protected void compute() {
                    body.apply();
                }
            }
            """;

    /**
     * Two lambdas of the task's type: one counts atomically and is forked through a helper (so no task holds it
     * where it is written), one locks and runs on a plain thread.
     */
    private static final String USES = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.atomic.AtomicLong;
            public class Uses {
                static final Object LOCK = new Object();
                static final AtomicLong COUNT = new AtomicLong();
                static long total;
                void forked() {
                    submit(() -> COUNT.incrementAndGet());
                }
                static void submit(Proc body) {
                    ForkJoinPool.commonPool().invoke(new Step(body));
                }
                void plain() {
                    Proc locking = () -> {
                        synchronized (LOCK) {
                            total++;
                        }
                    };
                    new Thread(locking::apply).start();
                }
            }
            """;

    @Test
    void aReceiverRunsOnlyTheLambdasThatFlowToIt() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Proc.java", PROC)
                .source("p/Step.java", TASK)
                .source("p/Uses.java", USES)
                .check();
    }

    @Test
    void theLambdaPassedToTheTaskIsStillFollowed() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Proc.java", PROC)
                .source("p/Step.java", TASK)
                .source("p/Uses.java", USES
                        .replace("submit(() -> COUNT.incrementAndGet());", "submit(() -> COUNT.incrementAndGet());\n"
                                + "        submit(Uses::lock);")
                        .replace("    void plain() {", """
                                    static void lock() {
                                        synchronized (LOCK) { // expect: intra-task-sync "traced to 2 functions"
                                            total++;
                                        }
                                    }
                                    void plain() {"""))
                .check();
    }

    @Test
    void anUnknownOriginFallsBackToTheTypeAndSaysSo() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Proc.java", PROC)
                .source("p/Step.java", TASK)
                .source("p/Uses.java", USES
                        .replace("submit(() -> COUNT.incrementAndGet());", "submit(Registry.any());")
                        .replace("synchronized (LOCK) {", "synchronized (LOCK) { // expect: intra-task-sync \"receiver not traced\""))
                .source("p/Registry.java", """
                        package p;
                        public interface Registry {
                            static Proc any() {
                                return null;
                            }
                        }
                        """)
                .check();
    }
}
