package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A parallel stream started inside a lambda submitted to an executor the container injects, a named bean whose
 * factory wraps a {@code new ForkJoinPool(..)} in an executor that hands everything on to it, runs in that pool:
 * the stream's tasks fork on the pool's worker that runs the lambda, not in the common pool. The field is set by no
 * code of the sources (a Lombok constructor), so only the bean's factory tells what it holds.
 */
class InjectedPoolTest {

    private static final String CONFIGURATION = """
            package p;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.Executors;
            import java.util.concurrent.ForkJoinPool;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;
            import org.springframework.context.annotation.Scope;
            @Configuration
            class Executors2 {
                @Bean(destroyMethod = "shutdown")
                @Scope("prototype")
                public ExecutorService analyzeExecutor() {
                    return wrapped(4);
                }
                @Bean
                public ExecutorService ioExecutor() {
                    return Executors.newFixedThreadPool(4);
                }
                @Bean
                public ExecutorService sharedExecutor() {
                    return new Wrapper(ForkJoinPool.commonPool());
                }
                private static ExecutorService wrapped(int threads) {
                    var pool = new ForkJoinPool(threads);
                    return new Wrapper(pool);
                }
            }
            """;

    private static final String WRAPPER = """
            package p;
            import java.util.concurrent.Callable;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.Future;
            import lombok.RequiredArgsConstructor;
            @RequiredArgsConstructor
            class Wrapper implements ExecutorService {
                private final ExecutorService delegate;
                @Override
                public void execute(Runnable command) {
                    delegate.execute(wrap(command));
                }
                @Override
                public <T> Future<T> submit(Callable<T> task) {
                    return delegate.submit(task);
                }
                private static Runnable wrap(Runnable command) {
                    return command;
                }
            }
            """;

    @Test
    void aParallelStreamInsideATaskOfAnInjectedForkJoinPoolRunsInThatPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Executors2.java", CONFIGURATION)
                .source("p/Wrapper.java", WRAPPER)
                .source("p/Analyzer.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.concurrent.ExecutorService;
                        import lombok.RequiredArgsConstructor;
                        import org.springframework.beans.factory.annotation.Qualifier;
                        import org.springframework.stereotype.Component;
                        @Component
                        @RequiredArgsConstructor
                        class Analyzer {
                            @Qualifier("analyzeExecutor")
                            private final ExecutorService executor;
                            @Qualifier("ioExecutor")
                            private final ExecutorService io;
                            private final ExecutorService sharedExecutor;
                            List<Integer> analyze(List<Path> files) throws Exception {
                                return executor.submit(() -> files.parallelStream().map(Analyzer::size).toList()).get();
                            }
                            List<Integer> onThreads(List<Path> files) throws Exception {
                                return io.submit(() -> files.parallelStream().map(Analyzer::size).toList()).get(); // expect: blocking-in-common-pool
                            }
                            List<Integer> common(List<Path> files) throws Exception {
                                return sharedExecutor.submit(() -> files.parallelStream().map(Analyzer::size).toList()).get(); // expect: blocking-in-common-pool
                            }
                            List<Integer> direct(List<Path> files) {
                                return files.parallelStream().map(Analyzer::size).toList(); // expect: blocking-in-common-pool
                            }
                            static int size(Path file) {
                                try {
                                    return Files.readAllBytes(file).length;
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }

    @Test
    void aConstructorParameterTheContainerFillsIsTheBeanItsNameNames() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Executors2.java", CONFIGURATION)
                .source("p/Wrapper.java", WRAPPER)
                .source("p/Indexer.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.concurrent.ExecutorService;
                        import org.springframework.stereotype.Service;
                        @Service
                        class Indexer {
                            private final ExecutorService executor;
                            private final ExecutorService io;
                            Indexer(ExecutorService analyzeExecutor, ExecutorService ioExecutor) {
                                this.executor = analyzeExecutor;
                                this.io = ioExecutor;
                            }
                            void index(List<Path> files) {
                                executor.execute(() -> files.parallelStream().forEach(Indexer::read));
                                io.execute(() -> files.parallelStream().forEach(Indexer::read)); // expect: blocking-in-common-pool
                            }
                            static void read(Path file) {
                                try {
                                    Files.readAllBytes(file);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
