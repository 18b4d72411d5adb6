package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A function handed to a call that only stores it (a registry's map, a builder's field) does not run at that call:
 * a factory whose constructor registers one handler per packet type runs none of them when it is built, and a
 * handler taken out of that registry by the packet's type at run time is one of several, picked by a key the
 * analysis does not follow (a guessed dispatch, not reported). A function the callee runs right away is still walked
 * where it is passed, and a registry holding only the one blocking handler is no guess.
 */
class RegisteredHandlersTest {

    /** The factory, {@code %s} standing for the registrations of its constructor and {@code %s} for more members. */
    private static final String FACTORY = """
            package p;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.HashMap;
            import java.util.Map;
            import java.util.function.BiConsumer;
            import java.util.function.Function;
            class Quiet { }
            class Loud { final String file; Loud(String file) { this.file = file; } }
            class Handler<T> {
                private final Class<T> type;
                private BiConsumer<StringBuilder, T> decorator;
                Handler(Class<T> type) { this.type = type; }
                Handler<T> decorate(BiConsumer<StringBuilder, T> decorator) {
                    this.decorator = decorator;
                    return this;
                }
                @SuppressWarnings("unchecked")
                void register(Map<Class<?>, Function<Object, String>> registry) {
                    registry.put(type, packet -> {
                        StringBuilder out = new StringBuilder();
                        decorator.accept(out, (T) packet);
                        return out.toString();
                    });
                }
            }
            class Factory {
                private static Factory instance;
                private final Map<Class<?>, Function<Object, String>> handlers = new HashMap<>();
                static Factory getInstance() {
                    if (instance == null) {
                        instance = new Factory();
                    }
                    return instance;
                }
                // a factory per call, so that what its constructor runs, it runs for every element (a singleton
                // built lazily behind getInstance()'s null check would run it once)
                static Factory fresh() {
                    return new Factory();
                }
                private Factory() {
            %s
                }
                private void register(Class<?> type, Function<Object, String> handler) {
                    handlers.put(type, handler);
                }
                String create(Object packet) {
                    return handlers.get(packet.getClass()).apply(packet);
                }
                private void decorate(StringBuilder out, Object packet, BiConsumer<StringBuilder, Object> decorator) {
                    out.append('[');
                    decorator.accept(out, packet);
                }
                private String quiet(Object packet) { return "quiet"; }
                private void quietly(StringBuilder out, Object packet) { out.append("quiet"); }
                private String loud(Object packet) {
                    try {
                        return new String(Files.readAllBytes(Path.of(((Loud) packet).file)));
                    } catch (IOException e) {
                        return "";
                    }
                }
                private void loudly(StringBuilder out, Object packet) { out.append(loud(packet)); }
            %s
            }
            """;

    private static final String REGISTERS_SEVERAL = """
                    register(Quiet.class, this::quiet);
                    register(Loud.class, packet -> loud(packet));
                    handlers.put(String.class, packet -> loud(packet));
                    new Handler<>(Integer.class).decorate((out, packet) -> decorate(out, packet, this::loudly)).register(handlers);
                    new Handler<>(Long.class).decorate((out, packet) -> decorate(out, packet, this::quietly)).register(handlers);
            """;

    /** The stream, {@code %s} standing for the call its elements make and the expectation on it. */
    private static final String STREAM = """
            package p;
            import java.util.List;
            import java.util.stream.Collectors;
            class Sender {
                List<String> send(List<Integer> ids) {
                    return ids.parallelStream().map(id -> %s).collect(Collectors.toList());%s
                }
            }
            """;

    private static void check(String registrations, String members, String call, String expect) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Factory.java", FACTORY.formatted(registrations, members))
                .source("p/Sender.java", STREAM.formatted(call, expect))
                .check();
    }

    @Test
    void aConstructorThatRegistersHandlersRunsNoneOfThem() {
        check(REGISTERS_SEVERAL, "", "Factory.fresh().create(new Quiet())", "");
    }

    @Test
    void aLazyBufferThatOnlyKeepsItsTaskDoesNotRunIt() {
        check("""
                        Lazy.of(() -> loud(new Loud("x")));
                """, """
                    static final class Checks {
                        static void notNull(Object value, String name) {
                            if (value == null) {
                                throw new IllegalArgumentException(name);
                            }
                        }
                    }
                    static final class Lazy {
                        private final Runnable task;
                        private Lazy(Runnable task) { this.task = task; }
                        static Lazy of(Runnable task) {
                            Checks.notNull(task, "task");
                            return new Lazy(task);
                        }
                    }
                """, "Factory.fresh().create(new Quiet())", "");
    }

    @Test
    void aFunctionTheCalleeRunsRightAwayIsWalkedWhereItIsPassed() {
        check("""
                        cache.computeIfAbsent(Loud.class, type -> loud(new Loud("x")));
                """, """
                    private final Map<Class<?>, String> cache = new HashMap<>();
                """, "Factory.fresh().create(new Quiet())",
                " // expect: blocking-in-common-pool \"Files I/O\"");
    }

    @Test
    void aFunctionMappedOverAnOptionalIsWalkedWhereItIsPassed() {
        check("""
                        java.util.Optional.of(new Loud("x")).map(packet -> loud(packet));
                """, "", "Factory.fresh().create(new Quiet())", " // expect: blocking-in-common-pool \"Files I/O\"");
    }

    @Test
    void aProjectHelperThatAppliesTheFunctionRunsItInPlace() {
        check("""
                        String first = applied(packet -> loud(packet));
                """, """
                    private String applied(Function<Object, String> f) {
                        return f.apply(new Loud("x"));
                    }
                """, "Factory.fresh().create(new Quiet())", " // expect: blocking-in-common-pool \"Files I/O\"");
    }

    @Test
    void aBuilderThatStoresTheFunctionAndThenRunsItReachesItWhereItRuns() {
        check("""
                        String built = new Step().then(packet -> loud(packet)).start();
                """, """
                    static final class Step {
                        private Function<Object, String> next;
                        Step then(Function<Object, String> next) {
                            this.next = next;
                            return this;
                        }
                        String start() {
                            return next.apply(new Loud("x"));
                        }
                    }
                """, "Factory.fresh().create(new Quiet())", " // expect: blocking-in-common-pool \"Files I/O\"");
    }

    @Test
    void aLocalListOfFunctionsRunInTheSameMethodStaysInPlace() {
        check("""
                        java.util.List<Function<Object, String>> steps = new java.util.ArrayList<>();
                        steps.add(packet -> loud(packet));
                        steps.forEach(step -> step.apply(new Loud("x")));
                """, "", "Factory.fresh().create(new Quiet())", " // expect: blocking-in-common-pool \"Files I/O\"");
    }

    @Test
    void aRegistryHoldingOnlyTheBlockingHandlerIsNoGuess() {
        check("""
                        register(Loud.class, packet -> loud(packet));
                """, "", "Factory.fresh().create(new Loud(\"x\"))", " // expect: blocking-in-common-pool \"Files I/O\"");
    }
}
