package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Blocking that a common-pool function reaches only through a call whose receiver was not traced (a handler looked
 * up by name, dispatched to every implementation of its type) is a guessed path, as it is for intra-task-sync and
 * sleepy-worker: which handler runs is decided by an object fjdoctor did not follow. One exact path keeps it.
 */
class GuessedDispatchTest {

    private static final String HANDLERS = """
            package p;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            interface Handler { void handle(String item); }
            class Quiet implements Handler { public void handle(String item) { } }
            class Saving implements Handler {
                public void handle(String item) {
                    try {
                        Files.writeString(Path.of(item), item);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            class Registry {
                static final Map<String, Handler> HANDLERS = new ConcurrentHashMap<>();
                static Handler lookup(String name) { return HANDLERS.get(name); }
                static void install() {
                    HANDLERS.put("quiet", new Quiet());
                    HANDLERS.put("saving", new Saving());
                }
            }
            """;

    private static final String GUESSED = """
            package p;
            import java.util.List;
            class Each {
                void all(List<String> items, String name) {
                    items.parallelStream().forEach(item -> Registry.lookup(name).handle(item));
                }
            }
            """;

    @Test
    void blockingReachedOnlyThroughAHandlerLookedUpByNameIsAGuess() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Handlers.java", HANDLERS)
                .source("p/Each.java", GUESSED).check();
    }

    @Test
    void oneExactPathKeepsIt() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Handlers.java", HANDLERS)
                .source("p/Each.java", GUESSED.replace("items.parallelStream().forEach(item -> Registry.lookup(name).handle(item));",
                        "items.parallelStream().forEach(item -> { Registry.lookup(name).handle(item); new Saving().handle(item); }); // expect: blocking-in-common-pool"))
                .check();
    }
}
