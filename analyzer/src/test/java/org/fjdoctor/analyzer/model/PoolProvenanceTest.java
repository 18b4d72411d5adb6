package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * Where a pool typed as a plain {@code Executor}/{@code ExecutorService} comes from: a getter over a field a
 * factory fills, a JDK factory of work-stealing pools, a constructor parameter given a pool from a lazy holder,
 * a {@code FutureTask} made around the work and handed to the common pool. Each is task code when, and only
 * when, the project gives the executor a fork/join pool.
 */
class PoolProvenanceTest {

    private static final String SCAN_TASK = """
            package p;
            class ScanTask implements Runnable {
                public void run() {
                    try {
                        Thread.sleep(5); // expect: sleepy-worker
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            """;

    /** An API object whose render executor a factory fills; FACTORY is the factory's body. */
    private static final String API = """
            package p;
            import java.util.concurrent.*;
            abstract class Api {
                private static Api instance;
                private ExecutorService renderExecutor;
                static Api api() {
                    return instance;
                }
                ExecutorService getRenderExecutor() {
                    return this.renderExecutor;
                }
                void enable(int threads) {
                    this.renderExecutor = Threads.createService("render", threads);
                }
                static final class Threads {
                    static ExecutorService createService(String name, int threads) {
                        return createService(Math.max(1, threads));
                    }
                    private static ExecutorService createService(int parallelism) {
                        FACTORY
                    }
                }
            }
            """;

    private static final String PROCESSOR = """
            package p;
            import java.util.concurrent.*;
            class Processor {
                CompletableFuture<Void> scan() {
                    return CompletableFuture.runAsync(new ScanTask(), Api.api().getRenderExecutor());
                }
            }
            """;

    @Test
    void aGetterOverAFieldThatAFactoryFillsWithAForkJoinPoolRunsTaskCode() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Api.java", API.replace("FACTORY", "return new ForkJoinPool(parallelism);"))
                .source("p/Processor.java", PROCESSOR)
                .source("p/ScanTask.java", SCAN_TASK).check();
    }

    @Test
    void aGetterOverAFieldThatAFactoryFillsWithAThreadPoolRunsNoTaskCode() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Api.java", API.replace("FACTORY", "return Executors.newFixedThreadPool(parallelism);"))
                .source("p/Processor.java", PROCESSOR)
                .source("p/ScanTask.java", SCAN_TASK.replace(" // expect: sleepy-worker", "")).check();
    }

    @Test
    void aHandlersWorkStealingPoolRunsWhatIsSubmittedThroughItsGetter() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Handler.java", """
                package p;
                import java.util.concurrent.*;
                class Handler {
                    private final ExecutorService executorService = Executors.newWorkStealingPool(8);
                    ExecutorService get() {
                        return executorService;
                    }
                }
                """).source("p/Parser.java", """
                package p;
                import java.util.concurrent.*;
                class Parser {
                    private final Handler handler;
                    Parser(Handler handler) {
                        this.handler = handler;
                    }
                    Future<?> parse() {
                        return handler.get().submit(() -> {
                            try {
                                Thread.sleep(200); // expect: sleepy-worker
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
                    }
                }
                """).check();
    }

    private static final String VM = """
            package p;
            import java.util.concurrent.*;
            final class Vm {
                private final Executor exec;
                static class Lazy {
                    private static final ExecutorService DEF_EXEC = init();
                    private static ExecutorService init() {
                        ExecutorService pool = POOL;
                        return pool;
                    }
                    static final Vm DEFAULT = new Vm(DEF_EXEC);
                }
                Vm(Executor exec) {
                    this.exec = exec;
                }
                void submit(Runnable step) {
                    exec.execute(new Runnable() {
                        public void run() {
                            step.run();
                            resume();
                        }
                    });
                }
                private void resume() {
                    exec.execute(() -> { }); // expect: centralized-pooling
                }
            }
            """;

    @Test
    void anExecutorFieldGivenAForkJoinPoolFromALazyHolderRunsTaskCodeThatSubmitsToIt() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Vm.java",
                VM.replace("ExecutorService pool = POOL;", "ExecutorService pool = new ForkJoinPool(4);")).check();
    }

    @Test
    void anExecutorFieldGivenAThreadPoolRunsNoTaskCode() {
        RuleTester.of(CentralizedPoolingRule.class).source("p/Vm.java",
                VM.replace("ExecutorService pool = POOL;", "ExecutorService pool = Executors.newFixedThreadPool(4);")
                        .replace(" // expect: centralized-pooling", "")).check();
    }

    private static final String SHEETS = """
            package p;
            import java.nio.file.*;
            import java.util.concurrent.*;
            class Sheets {
                private final Executor executor = EXECUTOR;
                private final FutureTask<String> future;
                Sheets(Path path) {
                    this.future = new FutureTask<>(() -> Files.readString(path)); MARK
                    executor.execute(future);
                }
            }
            """;

    @Test
    void aFutureTaskHandedToTheCommonPoolRunsItsCallableThere() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Sheets.java", SHEETS
                .replace("EXECUTOR", "ForkJoinPool.commonPool()").replace(" MARK", " // expect: blocking-in-common-pool")).check();
    }

    @Test
    void aFutureTaskHandedToAThreadPoolRunsNothingInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Sheets.java", SHEETS
                .replace("EXECUTOR", "Executors.newSingleThreadExecutor()").replace(" MARK", "")).check();
    }

    @Test
    void aFieldSetEarlierInTheSubmittingMethodHoldsThatMethodsTaskOnly() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Sheets.java", """
                package p;
                import java.nio.file.*;
                import java.util.concurrent.*;
                class Sheets {
                    private final Executor common = ForkJoinPool.commonPool();
                    private final Executor io = Executors.newSingleThreadExecutor();
                    private final FutureTask<String> future;
                    Sheets(String text) {
                        this.future = new FutureTask<>(() -> text.trim());
                        common.execute(future);
                    }
                    Sheets(Path path) {
                        this.future = new FutureTask<>(() -> Files.readString(path));
                        io.execute(future);
                    }
                }
                """).check();
    }
}
