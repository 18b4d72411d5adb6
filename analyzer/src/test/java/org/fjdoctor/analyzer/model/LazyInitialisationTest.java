package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A lock reached only while a field is still unset ({@code if (scheduler == null) { scheduler =
 * Runtime.getScheduler(); }}) is taken once per object, not once per task; a lock taken on every call stays a
 * finding. And a scheduler object's own pool, to which the tasks that reach its {@code execute} are submitted,
 * is the pool those tasks run on.
 */
class LazyInitialisationTest {

    private static final String RUNTIME = """
            package p;
            final class Runtime {
                private static final Object LOCK = new Object();
                private static Scheduler scheduler = new Scheduler();
                static Scheduler getScheduler() {
                    synchronized (LOCK) { MARK
                        return scheduler;
                    }
                }
            }
            """;

    private static final String CORE = """
            package p;
            import java.util.concurrent.*;
            class Core extends RecursiveAction {
                private Scheduler scheduler;
                protected void compute() {
                    schedule();
                }
                void schedule() {
                    CHECK
                    scheduler.schedule(this);
                }
            }
            """;

    private static final String SCHEDULER = """
            package p;
            import java.util.concurrent.*;
            class Scheduler {
                private final ForkJoinPool pool;
                Scheduler() {
                    pool = new ForkJoinPool(4);
                }
                void schedule(Core c) {
                    pool.execute(c); MARK
                }
            }
            """;

    @Test
    void aLockReachedOnlyWhileAFieldIsUnsetIsNoFinding() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Runtime.java", RUNTIME.replace(" MARK", ""))
                .source("p/Core.java", CORE.replace("CHECK", "if (scheduler == null) { scheduler = Runtime.getScheduler(); }"))
                .source("p/Scheduler.java", SCHEDULER.replace(" MARK", "")).check();
    }

    @Test
    void aLockTakenOnEveryCallStaysAFinding() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Runtime.java", RUNTIME.replace(" MARK", " // expect: intra-task-sync"))
                .source("p/Core.java", CORE.replace("CHECK", "scheduler = Runtime.getScheduler();"))
                .source("p/Scheduler.java", SCHEDULER.replace(" MARK", "")).check();
    }

    @Test
    void aNullCheckWhoseBranchLeavesTheFieldUnsetStaysAFinding() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Runtime.java", RUNTIME.replace(" MARK", " // expect: intra-task-sync"))
                .source("p/Core.java", CORE.replace("CHECK", "if (scheduler == null) { Runtime.getScheduler(); }")
                        .replace("private Scheduler scheduler;", "private Scheduler scheduler = new Scheduler();"))
                .source("p/Scheduler.java", SCHEDULER.replace(" MARK", "")).check();
    }

    @Test
    void aSchedulersOwnPoolThatRunsTheReachingTasksIsTheirPool() {
        RuleTester.of(CentralizedPoolingRule.class)
                .source("p/Runtime.java", RUNTIME.replace(" MARK", ""))
                .source("p/Core.java", CORE.replace("CHECK", "scheduler = Runtime.getScheduler();"))
                .source("p/Scheduler.java", SCHEDULER.replace(" MARK", " // expect: centralized-pooling")).check();
    }
}
