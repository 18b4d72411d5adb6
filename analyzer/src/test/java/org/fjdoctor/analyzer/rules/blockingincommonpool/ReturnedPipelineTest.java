package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A parallel pipeline a method returns unterminated runs where its terminal operation runs. A Neo4j procedure nothing
 * in the sources calls hands its stream to the database, which pulls it through its iterator on its own thread: not
 * common-pool code. Terminated in the method, terminated by a caller in the sources, or returned by a library's
 * public method that its users may collect in parallel, it is.
 */
class ReturnedPipelineTest {

    @Test
    void aPipelineReturnedToAFrameworkRunsWhereTheFrameworkPullsIt() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Procedures.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.stream.Collectors;
                        import java.util.stream.Stream;
                        import org.neo4j.procedure.Procedure;
                        public class Procedures {
                            @Procedure
                            public Stream<String> lines(List<Path> paths) {
                                return paths.parallelStream().flatMap(path -> read(path).stream());
                            }
                            public Stream<String> api(List<Path> paths) {
                                return paths.parallelStream().flatMap(path -> read(path).stream()); // expect: blocking-in-common-pool
                            }
                            public List<String> collected(List<Path> paths) {
                                return paths.parallelStream().flatMap(path -> read(path).stream()) // expect: blocking-in-common-pool
                                        .collect(Collectors.toList());
                            }
                            Stream<String> helper(List<Path> paths) {
                                return paths.parallelStream().flatMap(path -> read(path).stream()); // expect: blocking-in-common-pool
                            }
                            long count(List<Path> paths) {
                                return helper(paths).count();
                            }
                            static List<String> read(Path path) {
                                try {
                                    return Files.readAllLines(path);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """)
                .check();
    }
}
