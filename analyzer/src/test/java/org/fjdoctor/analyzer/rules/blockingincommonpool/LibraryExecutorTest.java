package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Incendo cloud's jar is absent: {@code ExecutionCoordinator.asyncCoordinator()} and a builder's
 * {@code commonPoolExecutor()} run every {@code @Command} handler in the common pool (cloud-core's
 * ExecutionCoordinator), reported where the pool is chosen; {@code simpleCoordinator()}, an executor of the
 * project's own, or a later {@code executor(..)} on the builder do not.
 */
class LibraryExecutorTest {

    private static final String COMMANDS = """
            package p;
            import java.net.URL;
            import org.incendo.cloud.annotations.Command;
            class SkinCommand {
                @Command("skin <url>")
                void onSkin(String url) throws Exception {
                    fetch(url);
                }
                @Command("help")
                void onHelp() {
                }
                private static void fetch(String url) throws Exception {
                    new URL(url).openStream().readAllBytes();
                }
            }
            """;

    @Test
    void handlersOfACommonPoolCoordinatorRunInTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/SkinCommand.java", COMMANDS)
                .source("p/Adapter.java", """
                        package p;
                        import java.util.concurrent.Executors;
                        import java.util.concurrent.ForkJoinPool;
                        import org.incendo.cloud.execution.ExecutionCoordinator;
                        class Adapter {
                            Object async() {
                                return new Manager(ExecutionCoordinator.asyncCoordinator()); // expect: blocking-in-common-pool "SkinCommand.onSkin()"
                            }
                            Object built() {
                                // reported where the chain starts
                                return new Manager(ExecutionCoordinator.<String>builder() // expect: blocking-in-common-pool "commonPoolExecutor(..)"
                                        .commonPoolExecutor()
                                        .suggestionsExecutor(ExecutionCoordinator.nonSchedulingExecutor())
                                        .build());
                            }
                            Object named() {
                                return new Manager(ExecutionCoordinator.coordinatorFor(ForkJoinPool.commonPool())); // expect: blocking-in-common-pool "SkinCommand.onSkin()"
                            }
                            Object simple() {
                                return new Manager(ExecutionCoordinator.simpleCoordinator());
                            }
                            Object own() {
                                return new Manager(ExecutionCoordinator.coordinatorFor(Executors.newFixedThreadPool(4)));
                            }
                            Object movedAway() {
                                return new Manager(ExecutionCoordinator.<String>builder().commonPoolExecutor()
                                        .executor(Executors.newCachedThreadPool()).build());
                            }
                        }
                        class Manager {
                            Manager(Object coordinator) {
                            }
                        }
                        """)
                .check();
    }
}
