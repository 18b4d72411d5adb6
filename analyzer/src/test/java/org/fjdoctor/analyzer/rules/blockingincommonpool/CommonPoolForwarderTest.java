package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A method of the project's own that hands its function parameter, unchanged, to the common pool
 * ({@code void submitToThread(Runnable r) { ForkJoinPool.commonPool().execute(r); }}, {@code start.thenApplyAsync(code)})
 * makes the lambdas and method references its callers pass common-pool code, also through a second such method; one
 * that hands it to another executor, wraps or replaces it, or that an override may replace, does not. LSP4J's
 * {@code CompletableFutures.computeAsync(Function)}, outside the scanned tree, runs its function the same way.
 */
class CommonPoolForwarderTest {

    private static final String READ = """
                                static byte[] read(Path path) {
                                    try {
                                        return Files.readAllBytes(path);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }
            """;

    @Test
    void callersOfAForwarderRunInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Plugin.java", """
                        package p;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.ForkJoinPool;
                        import java.util.function.Function;
                        class Plugin {
                            void submitToThread(Runnable runnable) {
                                ForkJoinPool.commonPool().execute(runnable);
                            }
                            static <R> CompletableFuture<R> computeAsync(Function<Object, R> code) {
                                CompletableFuture<Object> start = new CompletableFuture<>();
                                CompletableFuture<R> result = start.thenApplyAsync(code);
                                start.complete(null);
                                return result;
                            }
                            <R> CompletableFuture<R> handle(Function<Object, R> code) {
                                return computeAsync(code);
                            }
                        }
                        """)
                .source("p/Manager.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        class Manager {
                            private final Plugin plugin = new Plugin();
                            void save(Path path) {
                                plugin.submitToThread(() -> read(path)); // expect: blocking-in-common-pool "submitToThread"
                            }
                            void load(Path path) {
                                plugin.handle(cancel -> read(path)); // expect: blocking-in-common-pool "thenApplyAsync"
                            }
                            void local(Path path) {
                                plugin.submitToThread(this::refresh); // expect: blocking-in-common-pool
                            }
                            void refresh() {
                                read(Path.of("x"));
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }

    @Test
    void noForwarderWhereTheFunctionGoesElsewhereOrIsReplaced() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Runner.java", """
                        package p;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.Executor;
                        import java.util.concurrent.ExecutorService;
                        import java.util.concurrent.Executors;
                        import java.util.concurrent.ForkJoinPool;
                        class Runner {
                            private final ExecutorService io = Executors.newFixedThreadPool(4);
                            void onIo(Runnable runnable) {
                                io.execute(runnable);
                            }
                            void onGiven(Runnable runnable, Executor executor) {
                                CompletableFuture.runAsync(runnable, executor);
                            }
                            void wrapped(Runnable runnable) {
                                runnable = Runner.logged(runnable);
                                CompletableFuture.runAsync(runnable);
                            }
                            void submit(Runnable runnable) {
                                ForkJoinPool.commonPool().execute(runnable);
                            }
                            static Runnable logged(Runnable runnable) {
                                return runnable;
                            }
                        }
                        """)
                .source("p/IoRunner.java", """
                        package p;
                        import java.util.concurrent.Executors;
                        class IoRunner extends Runner {
                            @Override
                            void submit(Runnable runnable) {
                                Executors.newSingleThreadExecutor().execute(runnable);
                            }
                        }
                        """)
                .source("p/User.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.Executors;
                        class User {
                            void use(Runner runner, Path path) {
                                runner.onIo(() -> read(path));
                                runner.onGiven(() -> read(path), Executors.newCachedThreadPool());
                                runner.wrapped(() -> read(path));
                                runner.submit(() -> read(path));
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }

    @Test
    void aForwarderThatCallsItsFunctionInsideTheLambdaItSubmits() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Tasks.java", """
                        package p;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.CompletionException;
                        import java.util.concurrent.ExecutorService;
                        import java.util.concurrent.Executors;
                        import java.util.function.Supplier;
                        final class Tasks {
                            private static final ExecutorService IO = Executors.newCachedThreadPool();
                            static <V> CompletableFuture<V> supplyAsync(Supplier<V> supplier) {
                                // the callers' functions, traced from supplier.get(), block here as well
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                                    try {
                                        return supplier.get();
                                    } catch (RuntimeException e) {
                                        throw new CompletionException(e);
                                    }
                                });
                            }
                            static CompletableFuture<Void> runAsync(Runnable runnable) {
                                return supplyAsync(() -> { // expect: blocking-in-common-pool "lambda in Tasks.runAsync()"
                                    runnable.run();
                                    return null;
                                });
                            }
                            static <V> CompletableFuture<V> supplyOnIo(Supplier<V> supplier) {
                                return CompletableFuture.supplyAsync(() -> supplier.get(), IO);
                            }
                            static <V> CompletableFuture<V> supplyHere(Supplier<V> supplier) {
                                V value = supplier.get();
                                return CompletableFuture.supplyAsync(() -> value);
                            }
                            static <V> CompletableFuture<CompletableFuture<V>> supplyLater(Supplier<V> supplier) {
                                return CompletableFuture.supplyAsync(() -> CompletableFuture.supplyAsync(() -> supplier.get(), IO));
                            }
                        }
                        """)
                .source("p/Store.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.CompletableFuture;
                        class Store {
                            CompletableFuture<byte[]> loadAsync(Path path) {
                                return Tasks.supplyAsync(() -> read(path)); // expect: blocking-in-common-pool "supplyAsync"
                            }
                            CompletableFuture<Void> touchAsync(Path path) {
                                return Tasks.runAsync(() -> read(path)); // expect: blocking-in-common-pool "runAsync"
                            }
                            CompletableFuture<byte[]> loadOnIo(Path path) {
                                return Tasks.supplyOnIo(() -> read(path));
                            }
                            CompletableFuture<byte[]> loadHere(Path path) {
                                return Tasks.supplyHere(() -> read(path));
                            }
                            CompletableFuture<CompletableFuture<byte[]>> loadLater(Path path) {
                                return Tasks.supplyLater(() -> read(path));
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }

    /**
     * Without a classpath JDT binds nothing in a lambda whose target type is a missing jar's (vavr's
     * {@code CheckedFunction0}): the wrapper's own {@code supplyAsync(() -> ..)} is bound to the overload with an
     * executor, the callers' calls to the wrapper by a guessed parameter type, and {@code this.m(..)} and
     * {@code this.field.read(..)} in the callers' lambdas to nothing.
     */
    @Test
    void aWrappedFunctionOfAMissingJarsInterfaceIsTheOneMethodTheLambdaCalls() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/util/Tasks.java", """
                        package p.util;
                        import io.vavr.CheckedFunction0;
                        import io.vavr.CheckedRunnable;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.CompletionException;
                        import java.util.concurrent.ExecutorService;
                        import java.util.concurrent.Executors;
                        import lombok.NonNull;
                        public final class Tasks {
                            private static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();
                            public static @NonNull CompletableFuture<Void> runAsync(@NonNull CheckedRunnable runnable) {
                                return supplyAsync(() -> {
                                    runnable.run();
                                    return null;
                                });
                            }
                            public static <V> @NonNull CompletableFuture<V> supplyAsync(@NonNull CheckedFunction0<V> supplier) {
                                return CompletableFuture.supplyAsync(() -> {
                                    try {
                                        return supplier.apply();
                                    } catch (Throwable throwable) {
                                        throw new CompletionException(throwable);
                                    }
                                });
                            }
                            public static <V> @NonNull CompletableFuture<V> supplyVirtualAsync(@NonNull CheckedFunction0<V> supplier) {
                                return CompletableFuture.supplyAsync(() -> {
                                    try {
                                        return supplier.apply();
                                    } catch (Throwable throwable) {
                                        throw new CompletionException(throwable);
                                    }
                                }, VIRTUAL);
                            }
                            public static <V> @NonNull CompletableFuture<V> described(@NonNull CheckedFunction0<V> supplier) {
                                return CompletableFuture.supplyAsync(() -> {
                                    System.out.println(supplier.arity());
                                    try {
                                        return supplier.apply();
                                    } catch (Throwable throwable) {
                                        throw new CompletionException(throwable);
                                    }
                                });
                            }
                        }
                        """)
                .source("p/Store.java", """
                        package p;
                        import java.util.concurrent.CompletableFuture;
                        import p.util.Tasks;
                        public interface Store {
                            byte[] load(String key);
                            default CompletableFuture<byte[]> loadAsync(String key) {
                                return Tasks.supplyAsync(() -> this.load(key)); // expect: blocking-in-common-pool "supplyAsync"
                            }
                            default CompletableFuture<Void> touchAsync(String key) {
                                return Tasks.runAsync(() -> this.load(key)); // expect: blocking-in-common-pool "runAsync"
                            }
                            default CompletableFuture<byte[]> loadVirtually(String key) {
                                return Tasks.supplyVirtualAsync(() -> this.load(key));
                            }
                            default CompletableFuture<byte[]> describedAsync(String key) {
                                return Tasks.described(() -> this.load(key));
                            }
                        }
                        """)
                .source("p/FileStore.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        public class FileStore implements Store {
                            @Override
                            public byte[] load(String key) {
                                try {
                                    return Files.readAllBytes(Path.of(key));
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                            static Store open() {
                                return new FileStore();
                            }
                        }
                        """)
                .source("p/Sender.java", """
                        package p;
                        import java.io.InputStream;
                        import java.util.concurrent.CompletableFuture;
                        import p.util.Tasks;
                        class Sender {
                            private final InputStream source;
                            Sender(InputStream source) {
                                this.source = source;
                            }
                            CompletableFuture<Integer> send(byte[] buffer) {
                                return Tasks.supplyAsync(() -> { // expect: blocking-in-common-pool "stream read"
                                    int total = 0;
                                    int read;
                                    while ((read = this.source.read(buffer)) != -1) {
                                        total += read;
                                    }
                                    return total;
                                });
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aFunctionKeptByALombokConstructorAndSubmittedLater() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/AsyncRunner.java", """
                        package p;
                        import java.util.Optional;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.Executor;
                        import java.util.function.Consumer;
                        import lombok.AllArgsConstructor;
                        final class AsyncRunner {
                            static Handler runAsync(Runnable runnable) {
                                return new Handler(runnable, null);
                            }
                            static Handler runAsync(Runnable runnable, Executor executor) {
                                return new Handler(runnable, executor);
                            }
                            @AllArgsConstructor
                            static class Handler {
                                private Runnable runnable;
                                private Executor executor;
                                void exceptionally(Consumer<Throwable> handler) {
                                    Optional.ofNullable(executor)
                                            .map(exec -> CompletableFuture.runAsync(runnable, exec))
                                            .orElseGet(() -> CompletableFuture.runAsync(runnable))
                                            .exceptionally(e -> {
                                                handler.accept(e);
                                                return null;
                                            });
                                }
                            }
                        }
                        """)
                .source("p/Panel.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.Executors;
                        class Panel {
                            void update(Path path) {
                                AsyncRunner.runAsync(() -> read(path)).exceptionally(e -> { }); // expect: blocking-in-common-pool "runAsync"
                                AsyncRunner.runAsync(() -> read(path), Executors.newCachedThreadPool()).exceptionally(e -> { });
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }

    @Test
    void lsp4jComputeAsyncWithoutAnExecutorRunsInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Server.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.Executors;
                        import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
                        class Server {
                            CompletableFuture<byte[]> open(Path path) {
                                return CompletableFutures.computeAsync(cancel -> read(path)); // expect: blocking-in-common-pool
                            }
                            CompletableFuture<byte[]> openOnPool(Path path) {
                                return CompletableFutures.computeAsync(Executors.newCachedThreadPool(), cancel -> read(path));
                            }
                        """ + READ + """
                        }
                        """)
                .check();
    }
}
