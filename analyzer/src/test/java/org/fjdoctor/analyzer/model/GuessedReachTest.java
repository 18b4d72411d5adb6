package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;

/**
 * A lock or pause that task code reaches only through a call whose receiver comes from somewhere fjdoctor does
 * not follow (a map lookup) and that dispatch therefore sends to every implementation of the type is a guessed
 * path, not a finding; one exact path to the same method keeps it.
 */
class GuessedReachTest {

    private static final String HANDLERS = """
            package p;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            interface Handler { void handle(int item); }
            class Quiet implements Handler { public void handle(int item) { } }
            class Locking implements Handler {
                static final Object LOCK = new Object();
                static long total;
                public void handle(int item) {
                    synchronized (LOCK) { // expect-if-exact: intra-task-sync
                        total += item;
                    }
                }
            }
            class Napping implements Handler {
                public void handle(int item) {
                    try { Thread.sleep(5); } catch (InterruptedException e) { } // expect-if-exact: sleepy-worker
                }
            }
            class Registry {
                static final Map<String, Handler> HANDLERS = new ConcurrentHashMap<>();
                static Handler lookup(String name) { return HANDLERS.get(name); }
                static void install() {
                    HANDLERS.put("quiet", new Quiet());
                    HANDLERS.put("locking", new Locking());
                    HANDLERS.put("napping", new Napping());
                }
            }
            """;

    private static final String GUESSED = """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class Each extends RecursiveAction {
                            final int[] items; final int from, to; final String name;
                            Each(int[] items, int from, int to, String name) {
                                this.items = items; this.from = from; this.to = to; this.name = name;
                            }
                            @Override
                            protected void compute() {
                                if (to - from < 1000) {
                                    Handler handler = Registry.lookup(name);
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

    /** The same task, which also calls each implementation on an object it creates: an exact path. */
    private static final String ALSO_EXACT = GUESSED.replace("            return;\n",
            "            new Locking().handle(0);\n            new Napping().handle(0);\n            return;\n");

    @Test
    void aLockReachedOnlyThroughAHandlerLookedUpByNameIsAGuess() {
        check(IntraTaskSyncRule.class, GUESSED, "none");
    }

    @Test
    void aPauseReachedOnlyThroughAHandlerLookedUpByNameIsAGuess() {
        check(SleepyWorkerRule.class, GUESSED, "none");
    }

    @Test
    void oneExactPathKeepsTheLock() {
        check(IntraTaskSyncRule.class, ALSO_EXACT, "intra-task-sync");
    }

    @Test
    void oneExactPathKeepsThePause() {
        check(SleepyWorkerRule.class, ALSO_EXACT, "sleepy-worker");
    }

    private static void check(Class<? extends Rule> rule, String task, String expected) {
        String handlers = HANDLERS.replace("// expect-if-exact: " + expected, "// expect: " + expected)
                .replaceAll("// expect-if-exact: [a-z-]+", "");
        RuleTester.of(rule).source("p/Handlers.java", handlers).source("p/Each.java", task).check();
    }
}
