package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * A lambda that task code hands to a thread of its own does not run on the worker: a delay or a period on a
 * {@code ScheduledExecutorService}, a {@code new Thread(..)}, a virtual thread, a {@code Cleaner} action, and a
 * project's own scheduler object that only keeps the function in a field that it runs in such a hand-off.
 */
class OtherThreadLambdaTest {

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class Refresh extends RecursiveAction {
                final Service service;
                Refresh(Service service) { this.service = service; }
                @Override protected void compute() {
                    service.start();
                }
            }
            """;

    private static final String SCHEDULER = """
            package p;
            import java.util.concurrent.Executors;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;
            public class Repeat {
                private final Runnable task;
                private ScheduledExecutorService executor;
                private Repeat(Runnable task) { this.task = task; }
                public static Repeat run(Runnable task) { return new Repeat(task); }
                public Repeat every(long seconds) {
                    executor = Executors.newSingleThreadScheduledExecutor();
                    executor.scheduleWithFixedDelay(() -> task.run(), seconds, seconds, TimeUnit.SECONDS);
                    return this;
                }
            }
            """;

    private static final String SERVICE = """
            package p;
            import java.lang.ref.Cleaner;
            import java.util.concurrent.Executors;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;
            public class Service {
                private final Object lock = new Object();
                private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
                private static final Cleaner CLEANER = Cleaner.create();
                public void start() {
                    timer.schedule(() -> pause(), 1, TimeUnit.SECONDS);
                    new Thread(() -> pause()).start();
                    Thread.ofVirtual().start(() -> pause());
                    CLEANER.register(this, () -> pause());
                    Repeat.run(() -> housekeeping()).every(60);
                }
                void pause() {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                void housekeeping() {
                    synchronized (lock) {
                        pause();
                    }
                }
            }
            """;

    @Test
    void lambdasRunOnOtherThreadsAreNoTaskCode() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Refresh.java", TASK).source("p/Repeat.java", SCHEDULER)
                .source("p/Service.java", SERVICE).check();
        RuleTester.of(IntraTaskSyncRule.class).source("p/Refresh.java", TASK).source("p/Repeat.java", SCHEDULER)
                .source("p/Service.java", SERVICE).check();
    }

    @Test
    void aSchedulerThatRunsTheFunctionInPlaceStillRunsItOnTheWorker() {
        String runsNow = SCHEDULER.replace("    public Repeat every(long seconds) {",
                "    public Repeat now() { task.run(); return this; }\n    public Repeat every(long seconds) {");
        RuleTester.of(IntraTaskSyncRule.class).source("p/Refresh.java", TASK).source("p/Repeat.java", runsNow)
                .source("p/Service.java", SERVICE.replace("Repeat.run(() -> housekeeping()).every(60);",
                                "Repeat.run(() -> housekeeping()).now();")
                        .replace("        synchronized (lock) {", "        synchronized (lock) { // expect: intra-task-sync"))
                .check();
    }

    @Test
    void aLambdaRunInTheCallerIsStillTaskCode() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Refresh.java", TASK).source("p/Repeat.java", SCHEDULER)
                .source("p/Service.java", SERVICE.replace("new Thread(() -> pause()).start();",
                        "java.util.List.of(1).forEach(i -> pause());")
                        .replace("            Thread.sleep(1000);", "            Thread.sleep(1000); // expect: sleepy-worker"))
                .check();
    }
}
