package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * A lock or a pause costs parallelism only when other tasks of the same pool run, or wait, at the same time. A
 * task that is the only one ever handed to a pool made for it right there ({@code try (var pool = new
 * ForkJoinPool()) { pool.invoke(new Build(..)); }}, no loop around the submission) and that forks nothing in the
 * code it reaches has no sibling in that pool: nothing waits behind its worker. A task that forks, a parallel
 * stream inside it, a submission in a loop or into a pool other code shares keeps the finding.
 */
class LoneTaskTest {

    /**
     * A registry locked through a static field, a builder whose {@code generate} runs {@code submit} and a task
     * whose {@code compute()} runs {@code compute}; the lock is expected to be reported where either says
     * {@code FINDING}.
     */
    private static void check(String submit, String compute) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Registry.java", """
                        package p;
                        class Registry {
                            static final Object LOCK = new Object();
                            static int count;
                            static void add() {
                                synchronized (LOCK) {MARK
                                    count++;
                                }
                            }
                        }
                        """.replace("MARK", submit.contains("FINDING") || compute.contains("FINDING")
                                ? " // expect: intra-task-sync \"static field Registry.LOCK\"" : ""))
                .source("p/Builder.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.*;
                        class Builder {
                            static final ForkJoinPool SHARED = new ForkJoinPool();
                            void generate(List<String> planes) {
                        SUBMIT
                            }
                        }
                        """.replace("SUBMIT", submit.replace("FINDING", "")))
                .source("p/Series.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.*;
                        class Series extends RecursiveAction {
                            final List<String> planes;
                            Series(List<String> planes) { this.planes = planes; }
                            @Override
                            protected void compute() {
                        COMPUTE
                            }
                        }
                        """.replace("COMPUTE", compute.replace("FINDING", "")))
                .check();
    }

    private static final String ONE_BY_ONE = """
                    for (String plane : planes) {
                        Registry.add();
                    }
            """;

    private static final String PRIVATE_POOL = """
                    try (ForkJoinPool pool = new ForkJoinPool()) {
                        pool.invoke(new Series(planes));
                    }
            """;

    @Test
    void theOnlyTaskOfAPoolMadeForItHasNoSiblingToStall() {
        check(PRIVATE_POOL, ONE_BY_ONE);
        check("""
                        new ForkJoinPool().invoke(new Series(planes));
                """, ONE_BY_ONE);
    }

    @Test
    void aTaskThatForksRunsBesideItsSubtasks() {
        check(PRIVATE_POOL, """
                        if (planes.size() > 1) {
                            int mid = planes.size() / 2;
                            invokeAll(new Series(planes.subList(0, mid)), new Series(planes.subList(mid, planes.size())));
                            return;
                        }
                        Registry.add();
                FINDING""");
    }

    @Test
    void workHandedToAnotherExecutorRunsElsewhere() {
        check(PRIVATE_POOL, """
                        ExecutorService gui = Executors.newSingleThreadExecutor();
                        gui.execute(() -> System.out.println(planes));
                        Registry.add();
                """);
    }

    @Test
    void workSubmittedToItsOwnPoolRunsBesideIt() {
        check(PRIVATE_POOL, """
                        getPool().submit(() -> System.out.println(planes));
                        Registry.add();
                FINDING""");
    }

    @Test
    void aParallelStreamInTheTaskRunsInItsPool() {
        check(PRIVATE_POOL, """
                        planes.parallelStream().forEach(plane -> Registry.add());
                FINDING""");
    }

    @Test
    void aSubmissionInALoopPutsSeveralTasksInThePool() {
        check("""
                        try (ForkJoinPool pool = new ForkJoinPool()) {
                            List<ForkJoinTask<?>> all = new ArrayList<>();
                            for (String plane : planes) {
                                all.add(pool.submit(new Series(List.of(plane))));
                            }
                            all.forEach(ForkJoinTask::join);
                        }
                FINDING""", ONE_BY_ONE);
    }

    @Test
    void aPoolOtherCodeSharesRunsOtherTasks() {
        check("""
                        SHARED.invoke(new Series(planes));
                FINDING""", ONE_BY_ONE);
    }

    @Test
    void aTaskCreatedTwiceMayRunTwice() {
        check("""
                        try (ForkJoinPool pool = new ForkJoinPool()) {
                            pool.invoke(new Series(planes));
                        }
                        SHARED.submit(new Series(planes));
                FINDING""", ONE_BY_ONE);
    }

    /** A subclass, even two levels down, inherits compute() and runs it wherever it is created. */
    @Test
    void aSubclassRunsTheEntryWhereverItIsCreated() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Registry.java", """
                        package p;
                        class Registry {
                            static final Object LOCK = new Object();
                            static int count;
                            static void add() {
                                synchronized (LOCK) { // expect: intra-task-sync "static field Registry.LOCK"
                                    count++;
                                }
                            }
                        }
                        """)
                .source("p/Series.java", """
                        package p;
                        import java.util.concurrent.*;
                        class Series extends RecursiveAction {
                            @Override
                            protected void compute() {
                                Registry.add();
                            }
                            static void once() {
                                try (ForkJoinPool pool = new ForkJoinPool()) {
                                    pool.invoke(new Series());
                                }
                            }
                        }
                        class Mid extends Series {
                        }
                        class Part extends Mid {
                            static final ForkJoinPool SHARED = new ForkJoinPool();
                            static void many(int n) {
                                for (int i = 0; i < n; i++) {
                                    SHARED.execute(new Part());
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aLambdaThatIsThePoolsOnlyWorkIsAloneToo() {
        check("""
                        ForkJoinPool pool = new ForkJoinPool();
                        pool.submit(() -> Registry.add()).join();
                        pool.shutdown();
                """, "");
        check("""
                        ForkJoinPool pool = new ForkJoinPool();
                        for (String plane : planes) {
                            pool.execute(() -> Registry.add());
                        }
                        pool.shutdown();
                FINDING""", "");
    }

    @Test
    void aLoneTaskSleepsWithoutStallingAnyOther() {
        String builder = """
                package p;
                import java.util.concurrent.*;
                class Builder {
                    void generate() {
                        try (ForkJoinPool pool = new ForkJoinPool()) {
                            pool.invoke(new Poll());
                        }
                    }
                }
                """;
        RuleTester.of(SleepyWorkerRule.class).source("p/Builder.java", builder).source("p/Poll.java", """
                package p;
                import java.util.concurrent.*;
                class Poll extends RecursiveAction {
                    @Override
                    protected void compute() {
                        try { Thread.sleep(10); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """).check();
        RuleTester.of(SleepyWorkerRule.class).source("p/Builder.java", builder).source("p/Poll.java", """
                package p;
                import java.util.concurrent.*;
                class Poll extends RecursiveAction {
                    int depth;
                    @Override
                    protected void compute() {
                        if (depth < 3) {
                            Poll child = new Poll();
                            child.depth = depth + 1;
                            child.fork();
                        }
                        try { Thread.sleep(10); } catch (InterruptedException e) { Thread.currentThread().interrupt(); } // expect: sleepy-worker
                    }
                }
                """).check();
    }
}
