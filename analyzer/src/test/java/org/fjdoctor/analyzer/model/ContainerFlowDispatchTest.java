package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * Handlers kept in a map or a list and called from task code ({@code HANDLERS.get(cmd).accept(..)},
 * {@code for (Consumer<String> h : listeners) h.accept(..)}) run what was put into that container: the call path
 * says it was traced there. Where a lookup by key picks one of several functions put there, which one runs is
 * decided by the key at run time, a guessed dispatch as a receiver not traced is: intra-task-sync does not report a
 * lock behind such a guess, and a container holding one function is no guess. A container whose values never reach
 * task code adds nothing, and one handed to code that may fill it leaves the call a guess, as any value made
 * elsewhere does.
 */
class ContainerFlowDispatchTest {

    private static final String TASK = """
            package p;
            import java.util.ArrayList;
            import java.util.Collections;
            import java.util.HashMap;
            import java.util.List;
            import java.util.Map;
            import java.util.concurrent.RecursiveAction;
            import java.util.function.Consumer;
            public class Dispatcher extends RecursiveAction {
                static final Object LOCK = new Object();
                static long total;
                private static final Map<String, Consumer<String>> HANDLERS = new HashMap<>();
                static {
                    HANDLERS.put("count", text -> {
                        synchronized (LOCK) { /* counted */ // one of two looked up by key: a guess
                            total += text.length();
                        }
                    });
                    HANDLERS.put("echo", Dispatcher::log);
                }
                private static final Map<String, Consumer<String>> IDLE = new HashMap<>();
                static {
                    IDLE.put("count", text -> {
                        synchronized (LOCK) {
                            total += text.length();
                        }
                    });
                }
                private final Map<String, Runnable> actions;
                private final List<Consumer<String>> listeners = new ArrayList<>();
                private final String command;
                Dispatcher(String command) {
                    this.command = command;
                    Map<String, Runnable> m = new HashMap<>();
                    m.put("flush", this::flush);
                    this.actions = Collections.unmodifiableMap(m);
                    listeners.add(this::heard);
                }
                static void log(String text) {
                    System.out.println(text);
                }
                void flush() {
                    synchronized (LOCK) { // one of two (the fallback) looked up by key: a guess
                        total = 0;
                    }
                }
                void heard(String text) {
                    synchronized (LOCK) { // expect: intra-task-sync "traced to 1 function"
                        total--;
                    }
                }
                @Override
                protected void compute() {
                    HANDLERS.get(command).accept(command);
                    actions.getOrDefault(command, () -> { }).run();
                    for (Consumer<String> listener : listeners) {
                        listener.accept(command);
                    }
                }
                void idle(String text) {
                    IDLE.get(text).accept(text);
                }
            }
            """;

    @Test
    void aHandlerLookedUpInAContainerRunsWhatWasPutThere() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Dispatcher.java", TASK).check();
    }

    @Test
    void aContainerHandedToOtherCodeLeavesTheCallAGuess() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Dispatcher.java", TASK
                        .replace("HANDLERS.put(\"echo\", Dispatcher::log);",
                                "HANDLERS.put(\"echo\", Dispatcher::log);\n        Plugins.register(HANDLERS);")
                        .replace("/* counted */ // one of two looked up by key: a guess", "/* counted */"))
                .source("p/Plugins.java", """
                        package p;
                        public interface Plugins {
                            static void register(java.util.Map<String, java.util.function.Consumer<String>> handlers) {
                                org.example.missing.Loader.fill(handlers);
                            }
                        }
                        """)
                .check();
    }

    @Test
    void containersMadeByTheJdkFactoriesHoldTheirArguments() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Fixed.java", """
                        package p;
                        import java.util.List;
                        import java.util.Map;
                        import java.util.concurrent.RecursiveAction;
                        public class Fixed extends RecursiveAction {
                            static final Object LOCK = new Object();
                            static long total;
                            private static final Map<String, Runnable> BY_NAME = Map.of("add", Fixed::add, "none", () -> { });
                            private static final List<Runnable> STEPS = List.copyOf(List.of(Fixed::reset));
                            private final String name;
                            Fixed(String name) {
                                this.name = name;
                            }
                            static void add() {
                                synchronized (LOCK) { // one of two looked up by key: a guess
                                    total++;
                                }
                            }
                            static void reset() {
                                synchronized (LOCK) { // expect: intra-task-sync "traced to 1 function"
                                    total = 0;
                                }
                            }
                            @Override
                            protected void compute() {
                                BY_NAME.get(name).run();
                                STEPS.get(0).run();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aHandlerMapReachedFromAnAsyncForwarderBlocksTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Commands.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.HashMap;
                        import java.util.Map;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.function.Consumer;
                        class Commands {
                            private static final Map<String, Consumer<String>> HANDLERS = new HashMap<>();
                            private static final Map<String, Consumer<String>> OFFLINE = new HashMap<>();
                            static {
                                HANDLERS.put("load", Commands::load);
                                HANDLERS.put("echo", System.out::println);
                                OFFLINE.put("load", Commands::load);
                            }
                            void dispatch(String command, String argument) {
                                Consumer<String> handler = HANDLERS.get(command);
                                if (handler != null) {
                                    schedule(() -> handler.accept(argument)); // expect: blocking-in-common-pool
                                }
                            }
                            void offline(String command, String argument) {
                                OFFLINE.get(command).accept(argument);
                            }
                            static void schedule(Runnable action) {
                                CompletableFuture.runAsync(action);
                            }
                            static void load(String name) {
                                try {
                                    System.out.println(Files.readString(Path.of(name)));
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """)
                .check();
    }
}
