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

    private static final String LISTENER = """
            package org.springframework.context;
            public interface ApplicationListener<E> {
                void onApplicationEvent(E event);
            }
            """;
    private static final String READY = """
            package org.springframework.boot.context.event;
            public class ApplicationReadyEvent {
            }
            """;
    private static final String RUNNER = """
            package org.springframework.boot;
            public interface CommandLineRunner {
                void run(String... args) throws Exception;
            }
            """;
    private static final String SPRING_SERVICE = """
            package p;
            import java.nio.file.Path;
            import java.util.List;
            import org.springframework.boot.CommandLineRunner;
            import org.springframework.boot.context.event.ApplicationReadyEvent;
            import org.springframework.context.ApplicationListener;
            class Warmer implements ApplicationListener<ApplicationReadyEvent> {
                private final List<Path> files = List.of(Path.of("a"));
                @Override
                public void onApplicationEvent(ApplicationReadyEvent event) {
                    files.parallelStream().forEach(Episodes::read);
                }
            }
            class Loader implements CommandLineRunner {
                private final List<Path> files = List.of(Path.of("a"));
                @Override
                public void run(String... args) {
                    files.parallelStream().forEach(Episodes::read);
                }
                public void run() {
                    files.parallelStream().forEach(Episodes::read); // expect: blocking-in-common-pool "Episodes.read() (run by a parallel stream). The common"
                }
            }
            class PerRequest implements ApplicationListener<String> {
                private final List<Path> files = List.of(Path.of("a"));
                @Override
                public void onApplicationEvent(String event) {
                    files.parallelStream().forEach(Episodes::read); // expect: blocking-in-common-pool "Episodes.read() (run by a parallel stream). The common"
                }
            }
            """;

    @Test
    void aBlockingStreamInASpringStartUpCallbackIsNoFindingAndInAnotherListenerAWarning() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("javax/annotation/PostConstruct.java", ANNOTATION)
                .source("p/Episodes.java", SERVICE)
                .source("org/springframework/context/ApplicationListener.java", LISTENER)
                .source("org/springframework/boot/context/event/ApplicationReadyEvent.java", READY)
                .source("org/springframework/boot/CommandLineRunner.java", RUNNER)
                .source("p/Warmer.java", SPRING_SERVICE).check();
    }
}
