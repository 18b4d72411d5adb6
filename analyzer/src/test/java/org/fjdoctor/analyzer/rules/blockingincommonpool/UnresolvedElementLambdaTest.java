package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lambda over the elements of a missing jar's type ({@code List<PagedFile>} without Neo4j's jar): JDT cannot bind
 * the stream step it is passed to, and leaves its body unbound. A JDK class written there by its qualified name
 * ({@code java.nio.file.Files.readAllBytes(..)}) then reads as an undeclared variable, not as the class, so the static
 * call matched no entry of the API table. The same call by its imported simple name, and a call of the project's own
 * class by its qualified name, show what is and is not blocking.
 */
class UnresolvedElementLambdaTest {

    @Test
    void aQualifiedJdkClassInALambdaOverAMissingJarsElementsIsTheClass() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Warm.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.Map;
                        import java.util.stream.Collectors;
                        import org.neo4j.io.pagecache.PagedFile;
                        class Warm {
                            void qualified(List<PagedFile> files, Path path) {
                                files.parallelStream().forEach(f -> { // expect: blocking-in-common-pool
                                    try {
                                        java.nio.file.Files.readAllBytes(path);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                            }
                            Map<String, Long> mapped(List<PagedFile> files) {
                                return files.parallelStream()
                                        .filter(f -> f.fileSize() > 0)
                                        .map((f -> { // expect: blocking-in-common-pool
                                            java.io.File file = f.path().toFile();
                                            return java.nio.file.Files.exists(file.toPath()) ? file.getName() : "";
                                        }))
                                        .collect(Collectors.toMap(name -> name, name -> 1L));
                            }
                            void imported(List<PagedFile> files, Path path) {
                                files.parallelStream().forEach(f -> Files.exists(path)); // expect: blocking-in-common-pool
                            }
                            void own(List<PagedFile> files, Path path) {
                                files.parallelStream().forEach(f -> p.Paths.touch(path));
                            }
                        }
                        """)
                .source("p/Paths.java", """
                        package p;
                        import java.nio.file.Path;
                        class Paths {
                            static boolean touch(Path path) {
                                return path.getNameCount() > 0;
                            }
                        }
                        """)
                .check();
    }
}
