package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A common-pool stage that only builds the next stages ({@code thenComposeAsync(x -> runAsync(wrap(() -> ..)))})
 * does not run their functions: each runs later, as a stage of its own, and is reported there. The function a
 * decorator ({@code wrap}) returns runs where the hand-off runs it, not in the method that wraps it.
 */
class NestedStageTest {

    @Test
    void aStageThatOnlyChainsWrappedStagesIsNotBlamedForThem() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Wrap.java", """
                        package p;
                        import java.util.function.Function;
                        import java.util.function.Supplier;
                        interface Failing<T> { T get() throws Exception; }
                        interface FailingFn<T, R> { R apply(T t) throws Exception; }
                        final class Wrap {
                            static <T> Supplier<T> wrap(Failing<T> supplier) {
                                return () -> {
                                    try {
                                        return supplier.get();
                                    } catch (Exception e) {
                                        throw new IllegalStateException(e);
                                    }
                                };
                            }
                            static <T, R> Function<T, R> wrapFn(FailingFn<T, R> fn) {
                                return t -> {
                                    try {
                                        return fn.apply(t);
                                    } catch (Exception e) {
                                        throw new IllegalStateException(e);
                                    }
                                };
                            }
                        }
                        """)
                .source("p/Update.java", """
                        package p;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.CompletableFuture;
                        class Update {
                            CompletableFuture<String> run(Path config) {
                                return CompletableFuture.completedFuture(config)
                                        .thenComposeAsync(path -> CompletableFuture.supplyAsync(Wrap.wrap(() -> Files.readString(path)))) // expect: blocking-in-common-pool
                                        .thenComposeAsync(text -> CompletableFuture.completedFuture(text)
                                                .thenApplyAsync(Wrap.wrapFn(t -> Files.readString(Path.of(t))))); // expect: blocking-in-common-pool
                            }
                        }
                        """).check();
    }
}
