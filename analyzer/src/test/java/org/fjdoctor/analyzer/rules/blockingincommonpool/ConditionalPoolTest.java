package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool chosen by a condition ({@code threads == -1 ? ForkJoinPool.commonPool() : new ForkJoinPool(threads)}):
 * on one path the work submitted to it, and the parallel stream it starts, run in the common pool.
 */
class ConditionalPoolTest {

    private static final String INDEXER = """
            package p;

            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.function.Function;

            class Indexer {
                final int threads;

                Indexer(int threads) {
                    this.threads = threads;
                }

                long index(List<Path> files) throws Exception {
                    Function<Path, Long> size = new Function<Path, Long>() {
                        @Override
                        public Long apply(Path file) {
                            try {
                                return (long) Files.readAllBytes(file).length;
                            } catch (java.io.IOException e) {
                                return -1L;
                            }
                        }
                    };
                    ForkJoinPool pool = %s;
                    return pool.submit(() ->%s
                            files.parallelStream().map(size).reduce(0L, Long::sum)).get();
                }
            }
            """;

    @Test
    void aPoolThatMayBeTheCommonPoolRunsTheStreamThere() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Indexer.java", INDEXER.formatted(
                        "threads == -1 ? ForkJoinPool.commonPool() : new ForkJoinPool(threads)",
                        " // expect: blocking-in-common-pool \"This code submitted to pool by submit(..) runs in"
                                + " ForkJoinPool.commonPool() when pool is the common pool and blocks there\""))
                .check();
    }

    @Test
    void aPoolOfItsOwnOnEveryPathKeepsTheStreamThere() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Indexer.java", INDEXER.formatted(
                        "threads == -1 ? new ForkJoinPool() : new ForkJoinPool(threads)", ""))
                .check();
    }

    /** Always the common pool: named as such, with no condition. */
    @Test
    void theCommonPoolOnEveryPathIsNamedSo() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Indexer.java", INDEXER.formatted("ForkJoinPool.commonPool()",
                        " // expect: blocking-in-common-pool \"This code submitted to commonPool() by submit(..) runs in"
                                + " ForkJoinPool.commonPool() and blocks there\""))
                .check();
    }
}
