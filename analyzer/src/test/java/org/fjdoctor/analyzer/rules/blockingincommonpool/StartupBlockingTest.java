package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A parallel stream that blocks, submitted from code that runs once at start-up (a {@code @PostConstruct} method, a
 * static initializer), delays the start once, not the program's parallel work: no finding (blind auditors judged
 * every such note a false alarm). The same stream in a method called per request stays a warning.
 */
class StartupBlockingTest {

    private static final String ANNOTATION = """
            package javax.annotation;
            public @interface PostConstruct {
            }
            """;

    private static final String SERVICE = """
            package p;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.List;
            import javax.annotation.PostConstruct;
            class Episodes {
                static final List<Path> FILES = List.of(Path.of("a"));
                static {
                    FILES.parallelStream().forEach(Episodes::read);
                }
                private final List<Path> partial = List.of(Path.of("b"));
                @PostConstruct
                public void init() {
                    partial.parallelStream().forEach(Episodes::read);
                }
                public void cleanUp() {
                    partial.parallelStream().forEach(Episodes::read); // expect: blocking-in-common-pool "Episodes.read() (run by a parallel stream). The common"
                }
                static void read(Path file) {
                    try {
                        Files.readAllBytes(file);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;

    @Test
    void aBlockingStreamSubmittedOnceAtStartUpIsNoFinding() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("javax/annotation/PostConstruct.java", ANNOTATION)
                .source("p/Episodes.java", SERVICE).check();
    }
}
