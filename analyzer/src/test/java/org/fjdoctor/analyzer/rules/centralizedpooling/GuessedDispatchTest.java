package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A submission that task code reaches only through a call whose receiver could not be traced, so that dispatch
 * sent it to every implementation of the type, is a guessed path (as for intra-task-sync and sleepy-worker): not
 * reported. The same submission on a receiver traced to its allocation is.
 */
class GuessedDispatchTest {

    private static final String HANDLERS = """
            package p;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.concurrent.ForkJoinPool;
            interface Handler { void handle(int item); }
            class Quiet implements Handler {
                public void handle(int item) { }
            }
            class Resubmitting implements Handler {
                public void handle(int item) {
                    ForkJoinPool.commonPool().execute(() -> System.out.println(item));%s
                }
            }
            class Registry {
                static final Map<String, Handler> HANDLERS = new ConcurrentHashMap<>();
                static Handler lookup(String name) { return HANDLERS.get(name); }
                static void install() {
                    HANDLERS.put("quiet", new Quiet());
                    HANDLERS.put("resubmitting", new Resubmitting());
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            class Each extends RecursiveAction {
                final int[] items; final int from, to; final String name;
                %s
                Each(int[] items, int from, int to, String name) {
                    this.items = items; this.from = from; this.to = to; this.name = name;
                }
                @Override
                protected void compute() {
                    if (to - from < 1000) {
                        %s
                        for (int i = from; i < to; i++) {
                            handler.handle(items[i]);
                        }
                        return;
                    }
                    int mid = (from + to) >>> 1;
                    invokeAll(new Each(items, from, mid, name), new Each(items, mid, to, name));
                }
            }
            """;

    private static void check(String field, String local, boolean reported) {
        RuleTester.of(CentralizedPoolingRule.class)
                .source("p/Handlers.java", HANDLERS.formatted(reported ? " // expect: centralized-pooling" : ""))
                .source("p/Each.java", TASK.formatted(field, local))
                .check();
    }

    @Test
    void aSubmissionReachedOnlyThroughAHandlerLookedUpByNameIsAGuess() {
        check("", "Handler handler = Registry.lookup(name);", false);
    }

    @Test
    void theSameSubmissionOnAHandlerMadeHereIsReported() {
        check("", "Handler handler = new Resubmitting();", true);
    }

    @Test
    void theSameSubmissionOnAFieldAssignedOnceIsReported() {
        check("final Handler handler = new Resubmitting();", "", true);
    }
}
