package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A method of the project's own that hands its function parameter to a step of a parallel stream
 * ({@code keys.parallelStream().map(mapper)}) runs the lambdas its callers pass in the common pool, also through
 * one more method and inside a lambda the method calls in place; a sequential stream's step does not, nor does a
 * caller that is task code (the pipeline then runs in the task's own pool).
 */
class StreamStepForwarderTest {

    private static final String STORE = """
            package p;
            import java.util.List;
            import java.util.function.Function;
            import java.util.function.Supplier;
            import java.util.stream.Collectors;
            class Store {
                <R> List<R> each(List<String> keys, Function<String, R> mapper) {
                    return retrying(() -> keys.stream()
                            .parallel()
                            .map(mapper)
                            .collect(Collectors.toList()));
                }
                <R> List<R> through(List<String> keys, Function<String, R> mapper) {
                    return each(keys, mapper);
                }
                <R> List<R> inOrder(List<String> keys, Function<String, R> mapper) {
                    return keys.stream().map(mapper).collect(Collectors.toList());
                }
                <R> R retrying(Supplier<R> supplier) {
                    return supplier.get();
                }
            }
            """;

    private static final String READ = """
                static byte[] read(String key) {
                    try {
                        return Files.readAllBytes(Path.of(key));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            """;

    @Test
    void callersOfAParallelStepRunInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", STORE)
                .source("p/Client.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        class Client {
                            private final Store store = new Store();
                            List<byte[]> get(List<String> keys) {
                                return store.each(keys, key -> read(key)); // expect: blocking-in-common-pool "parallel stream's map(..)"
                            }
                            List<byte[]> getThrough(List<String> keys) {
                                return store.through(keys, Client::read); // expect: blocking-in-common-pool "handed to through(..)"
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }

    @Test
    void noEntryForASequentialStepOrATaskCaller() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", STORE)
                .source("p/Client.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.concurrent.RecursiveTask;
                        class Client extends RecursiveTask<List<byte[]>> {
                            private final Store store = new Store();
                            private final List<String> keys = List.of("a");
                            List<byte[]> get(List<String> keys) {
                                return store.inOrder(keys, key -> read(key));
                            }
                            @Override
                            protected List<byte[]> compute() {
                                return store.each(keys, key -> read(key));
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }
}
