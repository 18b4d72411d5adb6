package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A fiber runtime asks whether it runs on one of its pool's workers through helpers ({@code
 * isCurrentFiber()} returns {@code isFiberThread(Thread.currentThread()) || current() != null}, and {@code
 * isFiberThread(t)} is {@code t instanceof FiberWorker}): the branch taken when the helper says no runs on a
 * plain thread, and a worker parks its fiber instead. The helper's answer counts as the worker check it
 * returns; a helper that does not check the thread decides nothing.
 */
class WorkerCheckHelperTest {

    private static final String RUNTIME = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.ForkJoinWorkerThread;
            import java.util.concurrent.Future;
            import java.util.concurrent.RecursiveAction;
            import java.util.concurrent.locks.LockSupport;
            class Strand {
                static final ThreadLocal<Object> CURRENT = new ThreadLocal<>();
                static final class FiberWorker extends ForkJoinWorkerThread {
                    FiberWorker(ForkJoinPool pool) {
                        super(pool);
                    }
                }
                static boolean isFiberThread(Thread t) {
                    return t instanceof FiberWorker;
                }
                static boolean isCurrentFiber() {
                    return isFiberThread(Thread.currentThread()) || CURRENT.get() != null;
                }
                static boolean isVerbose() {
                    return Boolean.getBoolean("verbose") || CURRENT.get() != null;
                }
                static void parkFiber() {
                    CURRENT.set(null);
                }
                BODY
            }
            class Run extends RecursiveAction {
                @Override
                protected void compute() {
                    try {
                        Strand.sleep(5);
                        Strand.park();
                        Strand.pause(5);
                        Strand.get(null);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            """;

    @Test
    void theBranchOffTheFiberWorkerIsNotReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Strand.java", RUNTIME.replace("BODY", """
                    static void sleep(long millis) throws InterruptedException {
                        if (isCurrentFiber())
                            parkFiber();
                        else
                            Thread.sleep(millis);
                    }
                    static void park() {
                        if (!isCurrentFiber()) {
                            LockSupport.park();
                            return;
                        }
                        parkFiber();
                    }
                    static void pause(long millis) throws InterruptedException {
                        if (isVerbose())
                            parkFiber();
                        else
                            Thread.sleep(millis); // expect: sleepy-worker
                    }
                    static Object get(Future<?> future) throws Exception {
                        return null;
                    }
                """)).check();
    }

    /** The runtime with only {@code get} doing anything: the pauses are empty. */
    private static String withGet(String get) {
        return RUNTIME.replace("BODY", """
                    static void sleep(long millis) {
                    }
                    static void park() {
                    }
                    static void pause(long millis) {
                    }
                    static Object get(Future<?> future) throws Exception {
                GET
                    }
                """.replace("GET", get));
    }

    @Test
    void aWaitOffTheFiberWorkerIsNotReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Strand.java", withGet("""
                        if (isCurrentFiber()) {
                            parkFiber();
                            return null;
                        }
                        return future.get();
                """)).check();
    }

    @Test
    void aWaitOnTheFiberWorkerIsReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Strand.java", withGet("""
                        if (isCurrentFiber()) {
                            return future.get(); // expect: intra-task-sync
                        }
                        parkFiber();
                        return null;
                """)).check();
    }
}
