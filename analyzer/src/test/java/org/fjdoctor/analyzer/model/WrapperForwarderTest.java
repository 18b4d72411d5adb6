package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A project's executor that wraps a pool ({@code Pools implements ExecutorService}, {@code submit(task)} hands the
 * task to a field that may hold a fork/join pool) forwards what its callers submit, through the interface too. A
 * call on a receiver that can never be such a wrapper (a getter whose every return is a field only ever set to
 * {@code Executors.newCachedThreadPool()}) runs its work on a plain thread: no task code.
 */
class WrapperForwarderTest {

    private static final String POOLS = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            public class Pools extends AbstractExecutorService {
                private static ExecutorService async = null;
                private final ExecutorService pool;
                public Pools(ExecutorService pool) { this.pool = pool; }
                public static Pools shared() { return new Pools(new ForkJoinPool(4)); }
                public static synchronized ExecutorService dynamic() {
                    if (async != null)
                        return async;
                    async = Executors.newCachedThreadPool();
                    return async;
                }
                public void execute(Runnable command) { pool.execute(command); }
                public Future<?> submit(Runnable task) { return pool.submit(task); }
                public void shutdown() { }
                public List<Runnable> shutdownNow() { return new ArrayList<>(); }
                public boolean isShutdown() { return false; }
                public boolean isTerminated() { return false; }
                public boolean awaitTermination(long t, TimeUnit u) { return true; }
            }
            """;

    @Test
    void workSubmittedToAReceiverThatIsNeverTheWrapperIsNoTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Pools.java", POOLS).source("p/Job.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Job {
                    static final Object LOCK = new Object();
                    static long done;
                    static void prefetch() {
                        Pools.dynamic().submit(() -> {
                            synchronized (LOCK) {
                                done++;
                            }
                        });
                    }
                    static void compute(ExecutorService executor) {
                        executor.submit(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                done++;
                            }
                        });
                    }
                    static void start() {
                        compute(Pools.shared());
                    }
                }
                """).check();
    }
}
