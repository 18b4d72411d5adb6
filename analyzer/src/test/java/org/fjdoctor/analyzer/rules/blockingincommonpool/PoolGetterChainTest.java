package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * An executor field set from a chain of getters ({@code server.getScheduler().getAsyncPool()}) whose last field
 * holds {@code ForkJoinPool.commonPool()}, or from a constructor parameter every caller passes such a chain, is the
 * common pool; the same chain ending in a field that holds a thread pool is not.
 */
class PoolGetterChainTest {

    private static final String CLASSES = """
            package p;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.Executor;
            import java.util.concurrent.ExecutorService;
            class Scheduler {
                private final ExecutorService asyncPool;
                Scheduler() {
                    this.asyncPool = %s;
                }
                ExecutorService getAsyncPool() {
                    return asyncPool;
                }
            }
            class Server {
                private final Scheduler scheduler = new Scheduler();
                Scheduler getScheduler() {
                    return scheduler;
                }
            }
            class Loader {
                private final Executor executor;
                Loader(Server server) {
                    this.executor = server.getScheduler().getAsyncPool();
                }
                CompletableFuture<byte[]> load(Path path) {
                    return CompletableFuture.supplyAsync(() -> read(path), executor);%s
                }
                static byte[] read(Path path) {
                    try {
                        return Files.readAllBytes(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            class Saver {
                private final Executor executor;
                Saver(Executor executor) {
                    this.executor = executor;
                }
                void save(Path path) {
                    executor.execute(() -> Loader.read(path));%s
                }
            }
            class Main {
                public static void main(String[] args) {
                    Server server = new Server();
                    new Loader(server).load(Path.of(args[0])).join();
                    new Saver(server.getScheduler().getAsyncPool()).save(Path.of(args[0]));
                }
            }
            """;

    @Test
    void aGetterChainToTheCommonPool() {
        String expect = " // expect: blocking-in-common-pool";
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Main.java", CLASSES.formatted("java.util.concurrent.ForkJoinPool.commonPool()", expect, expect))
                .check();
    }

    @Test
    void aGetterChainToAThreadPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Main.java", CLASSES.formatted("new java.util.concurrent.ThreadPoolExecutor(1, 1, 0L,"
                        + " java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>())", "", ""))
                .check();
    }
}
