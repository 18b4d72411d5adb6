package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A submit wrapper inherited from an abstract base class ({@code tryExecute(Callable task)} submitting to the pool
 * a subclass passes to {@code super(new ForkJoinPool(n))}) hands the lambdas of its callers to that pool: a parallel
 * stream started there runs in that pool, not the common one, although only the subclasses are instantiated.
 */
class InheritedSubmitWrapperTest {

    @Test
    void aParallelStreamInsideTheWrappersLambdaRunsInItsPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Context.java", """
                        package p;
                        import java.util.concurrent.Callable;
                        import java.util.concurrent.ExecutionException;
                        import java.util.concurrent.ExecutorService;
                        import java.util.concurrent.ForkJoinPool;
                        abstract class Context {
                            private final ExecutorService executorService;
                            Context(ExecutorService executorService) {
                                this.executorService = executorService;
                            }
                            <R> R tryExecute(Callable<R> task) {
                                try {
                                    return executorService.submit(task).get();
                                } catch (InterruptedException | ExecutionException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                        }
                        final class QueryContext extends Context {
                            QueryContext(int threads) {
                                super(new ForkJoinPool(threads));
                            }
                        }
                        """)
                .source("p/Search.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        class Search {
                            long run(List<Path> paths, int threads) {
                                QueryContext context = new QueryContext(threads);
                                return context.tryExecute(() -> paths.parallelStream().mapToLong(Search::size).sum());
                            }
                            long direct(List<Path> paths) {
                                return paths.parallelStream().mapToLong(Search::size).sum(); // expect: blocking-in-common-pool
                            }
                            static long size(Path path) {
                                try {
                                    return Files.readAllBytes(path).length;
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
