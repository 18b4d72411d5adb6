package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * Production code that only tests run: a finding in main sources whose every call path starts at a task a test
 * submits, or runs through a test's own implementation of an interface, is the test's bottleneck. It counts as
 * test code: not reported by default, and with tests included its message names the test code it is reached
 * through; one production path keeps it a finding of main code.
 */
class TestOnlyReachTest {

    private static final String SLEEPER = """
            package p;
            public final class Pause {
                public static void halfSecond() {
                    try {
                        Thread.sleep(500); // expect: sleepy-worker "MARK"
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            """;

    private static final String TEST_TASK = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            class PauseTest {
                void simulatesLatency() throws Exception {
                    ForkJoinPool pool = new ForkJoinPool(4);
                    for (int i = 0; i < 4; i++) {
                        pool.submit(() -> Pause.halfSecond());
                    }
                    pool.submit(() -> Pause.halfSecond()).get();
                    pool.shutdown();
                }
            }
            """;

    @Test
    void aHelperOnlyATestsTaskCallsIsReportedAsTestCode() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("src/main/java/p/Pause.java",
                        SLEEPER.replace("MARK", "Reached only from tests (through code submitted to a ForkJoinPool in PauseTest)"))
                .source("src/test/java/p/PauseTest.java", TEST_TASK)
                .includingTests()
                .check();
    }

    @Test
    void aHelperOnlyATestsTaskCallsIsNotReportedByDefault() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("src/main/java/p/Pause.java", SLEEPER.replace(" // expect: sleepy-worker \"MARK\"", ""))
                .source("src/test/java/p/PauseTest.java", TEST_TASK)
                .check();
    }

    @Test
    void theSameHelperAlsoCalledByAProductionTaskStaysAWarning() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("src/main/java/p/Pause.java", SLEEPER.replace("MARK", "Thread.sleep pauses"))
                .source("src/test/java/p/PauseTest.java", TEST_TASK)
                .source("src/main/java/p/Poll.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class Poll extends RecursiveAction {
                            @Override
                            protected void compute() {
                                Pause.halfSecond();
                            }
                        }
                        """)
                .check();
    }

    private static final String WALK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class Walk extends RecursiveAction {
                public interface Visitor { void tree(int id); }
                final Visitor visitor;
                final int id;
                public Walk(Visitor visitor, int id) { this.visitor = visitor; this.id = id; }
                @Override
                protected void compute() {
                    visitor.tree(id);
                }
            }
            """;

    private static final String STORE = """
            package p;
            import java.util.*;
            public class Store {
                public static final Map<Integer, Integer> SEEN = new HashMap<>();
                public static void put(int id) {
                    synchronized (SEEN) { // expect: intra-task-sync "MARK"
                        SEEN.put(id, id);
                    }
                }
            }
            """;

    private static final String WALK_TEST = """
            package p;
            class WalkTest {
                void copies() {
                    new Walk(new Walk.Visitor() {
                        @Override
                        public void tree(int id) { Store.put(id); }
                    }, 1).invoke();
                }
            }
            """;

    @Test
    void aLockReachedOnlyThroughATestsImplementationIsReportedAsTestCode() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("src/main/java/p/Walk.java", WALK)
                .source("src/main/java/p/Store.java",
                        STORE.replace("MARK", "Reached only from tests (through anonymous Visitor.tree() of WalkTest)"))
                .source("src/test/java/p/WalkTest.java", WALK_TEST)
                .includingTests()
                .check();
    }

    @Test
    void theSameLockAlsoReachedThroughAProductionImplementationStaysAWarning() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("src/main/java/p/Walk.java", WALK)
                .source("src/main/java/p/Store.java", STORE.replace("MARK", "synchronized block on"))
                .source("src/test/java/p/WalkTest.java", WALK_TEST)
                .source("src/main/java/p/Copier.java", """
                        package p;
                        class Copier implements Walk.Visitor {
                            @Override
                            public void tree(int id) { Store.put(id); }
                            void run() { new Walk(this, 2).fork(); }
                        }
                        """)
                .check();
    }
}
