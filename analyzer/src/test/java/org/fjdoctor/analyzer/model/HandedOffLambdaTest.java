package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.junit.jupiter.api.Test;

/**
 * A lambda a method hands to {@code supplyAsync} or an executor does not run when the method runs: a common-pool
 * task that calls a helper which only starts another async task is not blamed for what that task does (it is
 * reported at its own submission).
 */
class HandedOffLambdaTest {

    private static final String CACHE = """
            package p;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            public class ProfileCache {
                static CompletableFuture<byte[]> profile(Path file) {
                    return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                        try {
                            return Files.readAllBytes(file);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
                static byte[] read(Path file) {
                    try {
                        return Files.readAllBytes(file);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;

    private static final String PROFILES = """
            package p;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            public class Profiles {
                CompletableFuture<byte[]> lookUp(CompletableFuture<Path> file) {
                    return file.thenComposeAsync(f -> ProfileCache.profile(f));
                }
            }
            """;

    @Test
    void aTaskThatOnlyStartsAnotherAsyncTaskDoesNotBlock() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ProfileCache.java", CACHE)
                .source("p/Profiles.java", PROFILES).check();
    }

    @Test
    void aTaskThatReadsItselfStillBlocks() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ProfileCache.java", CACHE)
                .source("p/Profiles.java", PROFILES.replace("return file.thenComposeAsync(f -> ProfileCache.profile(f));",
                        "return file.thenApplyAsync(f -> ProfileCache.read(f)); // expect: blocking-in-common-pool")).check();
    }

    private static final String IO_POOL = """
            package p;
            import java.util.concurrent.LinkedBlockingQueue;
            import java.util.concurrent.ThreadPoolExecutor;
            import java.util.concurrent.TimeUnit;
            public class IoPool extends ThreadPoolExecutor {
                public IoPool() {
                    super(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
                }
            }
            """;

    private static final String READER = """
            package p;
            import java.nio.file.Path;
            public class Reader {
                static final IoPool IO = new IoPool();
                static Path start(Path file) {
                    IO.execute(() -> ProfileCache.read(file));
                    return file;
                }
            }
            """;

    /** A subclass of a JDK executor that keeps the JDK's {@code execute} runs the task on its own threads too. */
    @Test
    void aTaskThatOnlySubmitsToASubclassOfAJdkExecutorDoesNotBlock() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ProfileCache.java", CACHE)
                .source("p/IoPool.java", IO_POOL).source("p/Reader.java", READER)
                .source("p/Profiles.java", PROFILES.replace("CompletableFuture<byte[]> lookUp", "CompletableFuture<?> lookUp")
                        .replace("ProfileCache.profile(f)", "Reader.start(f)").replace("thenComposeAsync", "thenApplyAsync"))
                .check();
    }

    private static final String VIEWER = """
            package p;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            import javax.swing.SwingUtilities;
            public class Viewer {
                static CompletableFuture<Void> show(Path file) {
                    return CompletableFuture.runAsync(() -> display(file));
                }
                static void display(Path file) {
                    SwingUtilities.invokeLater(() -> ProfileCache.read(file));
                }
                static void runNow(Runnable action) {
                    action.run();
                }
            }
            """;

    @Test
    void aTaskThatQueuesWorkOnTheGuiEventThreadDoesNotRunIt() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ProfileCache.java", CACHE)
                .source("p/Viewer.java", VIEWER).check();
    }

    @Test
    void aTaskThatRunsTheSameFunctionInPlaceStillBlocks() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ProfileCache.java", CACHE)
                .source("p/Viewer.java", VIEWER.replace("SwingUtilities.invokeLater(", "runNow(")
                        .replace("runAsync(() -> display(file));", "runAsync(() -> display(file)); // expect: blocking-in-common-pool"))
                .check();
    }
}
