package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * {@code runAsync(fn, Holder.EXECUTOR)} inside a listener lambda of a library the sources lack: the call's binding
 * fails, the executor argument is an unbound name, and the call looked executor-less. Followed to the field's
 * initializer, a virtual-thread or fixed thread pool runs the function, not the common pool; a field of unknown
 * value, or the call without an executor, stays reported.
 */
class UnboundExecutorTest {

    @Test
    void anAsyncCallGivenAThreadPoolThroughAnUnboundFieldRunsOnThatPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Mod.java", """
                        package p;
                        import java.util.concurrent.ExecutorService;
                        import java.util.concurrent.Executors;
                        import net.fabricmc.api.ClientModInitializer;
                        public class Mod implements ClientModInitializer {
                            public static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();
                            public static final ExecutorService FIXED = Executors.newFixedThreadPool(2);
                            public static ExecutorService configured;
                            @Override
                            public void onInitializeClient() {
                            }
                        }
                        """)
                .source("p/Plots.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.concurrent.CompletableFuture;
                        import net.fabricmc.events.ProfileEvents;
                        class Plots {
                            static void init() {
                                ProfileEvents.PROFILE_CHANGE.register((previous, next) -> {
                                    CompletableFuture.runAsync(() -> save(previous), Mod.VIRTUAL);
                                    CompletableFuture.runAsync(() -> save(next), Mod.FIXED);
                                    CompletableFuture.runAsync(() -> save(next), Mod.configured); // expect: blocking-in-common-pool
                                    CompletableFuture.runAsync(() -> save(previous)); // expect: blocking-in-common-pool
                                });
                            }
                            static void save(String profile) {
                                try {
                                    Files.writeString(Path.of(profile), profile);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
