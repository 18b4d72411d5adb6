package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * fastutil's jar is absent: {@code groups.values()} of an {@code Int2ObjectMap} has no type, yet its
 * {@code parallelStream()} is the JDK collections' method, and the pipeline after it runs in the common pool.
 * A {@code stream()} of such a receiver says nothing about parallelism, nor does a source class's own
 * {@code parallelStream()}, which its declaration decides.
 */
class MissingCollectionTypeTest {

    @Test
    void aParallelStreamOfAMissingCollectionTypeRunsInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Loader.java", """
                        package p;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
                        class Loader {
                            private Int2ObjectMap<String> groups;
                            private final Own own = new Own();
                            List<String> load() {
                                return groups.values().parallelStream()
                                        .filter(g -> !g.isEmpty())
                                        .map(g -> read(g)) // expect: blocking-in-common-pool "Files I/O"
                                        .toList();
                            }
                            List<String> loadInOrder() {
                                return groups.values().stream().map(g -> read(g)).toList();
                            }
                            List<String> loadOwn() {
                                return own.parallelStream().map(g -> read(g)).toList();
                            }
                            static String read(String name) {
                                try {
                                    return Files.readString(Path.of(name));
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            }
                        }
                        class Own {
                            java.util.stream.Stream<String> parallelStream() {
                                return java.util.stream.Stream.of("a");
                            }
                        }
                        """)
                .check();
    }
}
