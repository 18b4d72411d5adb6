package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool getter whose answer depends on the calling thread: the fork/join pools it hands the main thread sit in
 * branches that a test of the current thread keeps off pool workers (a name no default worker name contains,
 * {@code instanceof ForkJoinWorkerThread}), so task code, which runs on a worker, gets a thread pool or an
 * executor that runs the work in place, and its submission is no centralized pooling. The same getter called
 * from the main thread still gives the entry its pool, and work submitted there that captures that pool submits
 * to a fork/join pool.
 */
class WorkerSidePoolGetterTest {

    private static final String POOLS = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            public class Pools {
                private static final ExecutorService shared = ForkJoinPool.commonPool();
                public static synchronized ExecutorService get(int k) {
                    if (k <= 1)
                        return new InPlace();
                    final Thread thisThread = Thread.currentThread();
                    final String threadName = thisThread.getName();
                    final boolean mainThread = threadName.contains("main");
                    if (k == 8 && mainThread)
                        return shared;
                    else if (mainThread || threadName.startsWith("PARFOR"))
                        return new ForkJoinPool(k);
                    return Executors.newFixedThreadPool(k);
                }
                public static ExecutorService byType(int k) {
                    if (Thread.currentThread() instanceof ForkJoinWorkerThread)
                        return Executors.newCachedThreadPool();
                    return shared;
                }
                public static ExecutorService byWorkerName(int k) {
                    return Thread.currentThread().getName().contains("worker") ? Executors.newFixedThreadPool(k) : shared;
                }
                static final class InPlace extends AbstractExecutorService {
                    public void execute(Runnable command) { command.run(); }
                    public void shutdown() { }
                    public List<Runnable> shutdownNow() { return new ArrayList<>(); }
                    public boolean isShutdown() { return false; }
                    public boolean isTerminated() { return false; }
                    public boolean awaitTermination(long t, TimeUnit u) { return true; }
                }
            }
            """;

    @Test
    void aGetterThatGivesWorkersAThreadPoolIsNoCentralizedPooling() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Pools.java", POOLS).source("p/Job.java", """
                package p;
                import java.util.concurrent.*;
                class Job {
                    static void run(int k) throws Exception {
                        ExecutorService pool = Pools.get(k);
                        pool.submit(() -> step(k)).get();
                        pool.submit(() -> {
                            pool.submit(() -> { }); // expect: centralized-pooling
                            handOn(pool);
                        }).get();
                    }
                    static void handOn(ExecutorService pool) {
                        pool.submit(() -> { }); // expect: centralized-pooling
                    }
                    static void step(int k) {
                        ExecutorService pool = Pools.get(k);
                        pool.submit(() -> { });
                        ExecutorService other = k > 1 ? Pools.byType(k) : null;
                        other.submit(() -> { });
                        Pools.byWorkerName(k).submit(() -> { }); // expect: centralized-pooling
                        combine(k, k > 1 ? Pools.get(k) : null);
                    }
                    static void combine(int k, ExecutorService pool) {
                        pool.submit(() -> { });
                    }
                }
                """).check();
    }

    /** A test that renames the thread running it, or code no worker runs, names no worker of the program. */
    @Test
    void aTestRenamingItsOwnThreadLeavesTheWorkersNames() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Pools.java", POOLS).source("p/Job.java", """
                package p;
                import java.util.concurrent.*;
                class Job {
                    static void run(int k) throws Exception {
                        Pools.get(k).submit(() -> Pools.get(k).submit(() -> { })).get();
                    }
                    static void serve(Runnable request) {
                        Thread.currentThread().setName("main-handler"); // a plain thread's, never a task's
                        request.run();
                    }
                }
                """).source("src/test/java/p/JobTest.java", """
                package p;
                class JobTest {
                    void runs() throws Exception {
                        Thread.currentThread().setName("main_test");
                        Job.run(4);
                    }
                }
                """).check();
    }

    /** Task code that renames the worker running it may give it a name that passes. */
    @Test
    void aTaskThatRenamesItsWorkerMayPassTheNameTest() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Pools.java", POOLS).source("p/Job.java", """
                package p;
                import java.util.concurrent.*;
                class Job {
                    static void run(int k) throws Exception {
                        Pools.get(k).submit(() -> step(k)).get();
                    }
                    static void step(int k) {
                        Thread.currentThread().setName("main-step");
                        Pools.get(k).submit(() -> { }); // expect: centralized-pooling
                    }
                }
                """).check();
    }

    /** A program that names its workers itself may give them any name: the name test decides nothing there. */
    @Test
    void workersOfACustomFactoryMayPassTheNameTest() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Pools.java", POOLS).source("p/Job.java", """
                package p;
                import java.util.concurrent.*;
                class Job {
                    static final ForkJoinPool NAMED = new ForkJoinPool(4, pool -> {
                        ForkJoinWorkerThread worker = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                        worker.setName("main-" + worker.getPoolIndex());
                        return worker;
                    }, null, false);
                    static void run(int k) {
                        NAMED.submit(() -> step(k)).join();
                    }
                    static void step(int k) {
                        Pools.get(k).submit(() -> { }); // expect: centralized-pooling
                        Pools.byType(k).submit(() -> { });
                    }
                }
                """).check();
    }
}
