package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A parallel pipeline need not be written as one chain from a local collection: its source may be a call's
 * result, its {@code parallel()} may be stored back into the local that a later statement consumes (also
 * under an {@code if}), a project helper may make it parallel and return it, and its function may be an
 * object kept in a local first (reported where the object is made, as every function is). Each still runs
 * its functions in the common pool; the same shapes made sequential do not.
 */
class SplitPipelineTest {

    @Test
    void parallelPipelinesSplitOverStatementsAndHelpersRunInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Pipes.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.Collection;
                        import java.util.List;
                        import java.util.stream.Stream;
                        import java.util.stream.StreamSupport;
                        class Pipes {
                            interface Lemmas {
                                Collection<String> of(String query);
                            }
                            Lemmas lemmas;
                            boolean parallel;
                            void direct(String query) {
                                lemmas.of(query.trim()).parallelStream().map(Pipes::load).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            void directFromLombokGetter(Params params) {
                                lemmas.of(params.getQuery()).parallelStream().map(Pipes::load).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            @lombok.Getter
                            static class Params {
                                private String query;
                            }
                            void directSequential(String query) {
                                lemmas.of(query.trim()).stream().map(Pipes::load).forEach(System.out::println);
                            }
                            void storedUnderIf(List<String> names) {
                                var queries = names.stream();
                                if (parallel) {
                                    queries = queries.parallel();
                                }
                                queries.forEach(Pipes::load); // expect: blocking-in-common-pool "may run in parallel"
                            }
                            void stored(List<String> names) {
                                Stream<String> queries = names.stream();
                                queries = queries.parallel();
                                queries.forEach(Pipes::load); // expect: blocking-in-common-pool "This parallel stream runs"
                            }
                            void storedSequential(List<String> names) {
                                Stream<String> queries = names.stream();
                                queries = queries.filter(name -> !name.isEmpty());
                                queries.forEach(Pipes::load);
                            }
                            void helper(List<String> names) {
                                batch(names.stream()).forEach(Pipes::load); // expect: blocking-in-common-pool
                            }
                            void helperParallel(List<String> names) {
                                widen(names.stream()).map(Pipes::load).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            void helperSequential(List<String> names) {
                                serial(names.stream()).forEach(Pipes::load);
                            }
                            void consumerObject(List<String> names) {
                                var loader = new Loader(); // expect: blocking-in-common-pool
                                batch(names.stream()).forEach(loader);
                            }
                            void consumerObjectOverALibraryStream(java.io.InputStream input) {
                                var loader = new Loader(); // expect: blocking-in-common-pool
                                batch(org.example.missing.Reader.read(input)).forEach(loader);
                            }
                            void consumerObjectSequential(List<String> names) {
                                var loader = new Loader();
                                names.stream().forEach(loader);
                            }
                            static class Loader implements java.util.function.Consumer<String> {
                                @Override
                                public void accept(String name) {
                                    load(name);
                                }
                            }
                            static <T> Stream<T> batch(Stream<T> stream) {
                                return StreamSupport.stream(stream.spliterator(), true);
                            }
                            static <T> Stream<T> widen(Stream<T> stream) {
                                return stream.filter(x -> x != null).parallel();
                            }
                            static <T> Stream<T> serial(Stream<T> stream) {
                                return StreamSupport.stream(stream.spliterator(), false);
                            }
                            static String load(String name) {
                                try {
                                    return Files.readString(Path.of(name));
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }

    @Test
    void aPipelineChosenByAConditionalIsParallelWhenOneBranchIs() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Chosen.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.Set;
                        import java.util.stream.IntStream;
                        import java.util.stream.Stream;
                        class Chosen {
                            boolean parallel;
                            void inline(List<String> names) {
                                (parallel ? IntStream.range(0, names.size()).parallel() : IntStream.range(0, names.size()))
                                        .forEach(i -> load(names.get(i))); // expect: blocking-in-common-pool "which may run in parallel"
                            }
                            void bySize(Set<String> names) {
                                Stream<String> stream = names.size() < 2 ? names.stream() : names.parallelStream();
                                stream.forEach(Chosen::load); // expect: blocking-in-common-pool "may run in parallel"
                            }
                            void reassigned(List<String> names) {
                                Stream<String> stream = names.stream();
                                stream = parallel ? stream.parallel() : stream;
                                stream.map(Chosen::load).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            void bothSequential(Set<String> names) {
                                Stream<String> stream = names.size() < 2 ? names.stream() : names.stream().sorted();
                                stream.forEach(Chosen::load);
                            }
                            void madeSequentialAfter(List<String> names) {
                                (parallel ? names.parallelStream() : names.stream()).sequential().forEach(Chosen::load);
                            }
                            static String load(String name) {
                                try {
                                    return Files.readString(Path.of(name));
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
