package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A project's executor abstraction that wraps a configurable pool and is built by static factories, some of which
 * wrap a {@code ForkJoinPool} ({@code forkjoin(..)}) and some a plain {@code ThreadPoolExecutor} ({@code fix(..)}):
 * work handed to a field only ever set by a plain factory runs on a plain thread, no task code; the same wrapper
 * built by its fork/join factory still forwards to a pool.
 */
class PoolWrapperFactoryTest {

    private static final String CONTEXT = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            public class Context extends AbstractExecutorService {
                private final ExecutorService worker;
                public Context(ExecutorService worker) { this(worker, 0); }
                public Context(ExecutorService worker, int schedulers) { this.worker = worker; }
                public static Context forkjoin(int parallelism) { return forkjoin(new ForkJoinPool(parallelism)); }
                private static Context forkjoin(ForkJoinPool pool) { return new Context(pool, 0); }
                public static Context fix(int parallelism) { return fix(parallelism, "worker"); }
                public static Context fix(int parallelism, String name) {
                    return new Context(Builders.threadPool(parallelism, name), 1);
                }
                public void execute(Runnable command) { worker.execute(command); }
                public void shutdown() { worker.shutdown(); }
                public List<Runnable> shutdownNow() { return worker.shutdownNow(); }
                public boolean isShutdown() { return worker.isShutdown(); }
                public boolean isTerminated() { return worker.isTerminated(); }
                public boolean awaitTermination(long t, TimeUnit u) throws InterruptedException {
                    return worker.awaitTermination(t, u);
                }
            }
            """;

    private static final String BUILDERS = """
            package p;
            import java.util.concurrent.*;
            final class Builders {
                static ThreadPoolExecutor threadPool(int threads, String name) {
                    Builder builder = new Builder();
                    builder.threads = threads;
                    return builder.build();
                }
                static final class Builder {
                    int threads;
                    ThreadPoolExecutor build() {
                        return new ThreadPoolExecutor(threads, threads, 0L, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
                    }
                }
            }
            """;

    @Test
    void workHandedToAWrapperOfAPlainThreadPoolIsNoTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Context.java", CONTEXT).source("p/Builders.java", BUILDERS)
                .source("p/Timer.java", """
                package p;
                class Timer {
                    private final Object lock = new Object();
                    private final Context context = Context.fix(2);
                    private long ticks;
                    void start() {
                        context.execute(() -> {
                            synchronized (lock) {
                                ticks++;
                            }
                        });
                    }
                }
                """).source("p/Monitor.java", """
                package p;
                class Monitor {
                    private final Object lock = new Object();
                    private Context context;
                    private long scans;
                    void start() {
                        context = Context.fix(1, "monitor");
                        context.execute(() -> {
                            synchronized (lock) {
                                scans++;
                            }
                        });
                    }
                }
                """).check();
    }

    @Test
    void workHandedToTheSameWrapperBuiltByItsForkJoinFactoryIsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Context.java", CONTEXT).source("p/Builders.java", BUILDERS)
                .source("p/Timer.java", """
                package p;
                class Timer {
                    private final Object lock = new Object();
                    private final Context context = Context.forkjoin(2);
                    private long ticks;
                    void start() {
                        context.execute(() -> {
                            synchronized (lock) { // expect: intra-task-sync
                                ticks++;
                            }
                        });
                    }
                }
                """).source("p/Monitor.java", """
                package p;
                class Monitor {
                    private final Object lock = new Object();
                    private Context context = Context.fix(1);
                    private long scans;
                    void start(boolean parallel) {
                        if (parallel) {
                            context = Context.forkjoin(4);
                        }
                        context.execute(() -> {
                            synchronized (lock) { // expect: intra-task-sync
                                scans++;
                            }
                        });
                    }
                }
                """).check();
    }
}
