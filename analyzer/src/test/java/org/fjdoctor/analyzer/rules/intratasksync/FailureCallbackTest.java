package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lock taken only in a function handed to {@code exceptionally(..)} runs only after the stage failed: a failure
 * path, not the computation, and not reported (every split's labels judged error-path findings, notes included,
 * NEG; a catch clause's stays a note). The same lock in a {@code thenApply} stage, which runs on success, is
 * (at the synchronized method's declaration).
 */
class FailureCallbackTest {

    private static final String REGISTRY = """
            package p;
            import java.util.*;
            import java.util.concurrent.CompletableFuture;
            final class Registry {
                static final Registry SHARED = new Registry();
                private final Map<String, Integer> live = new HashMap<>();
                synchronized void drop(String key) {
                    live.remove(key);
                }
                synchronized Integer count(String key) { // expect: intra-task-sync
                    return live.merge(key, 1, Integer::sum);
                }
                CompletableFuture<Integer> connect(String key) {
                    return new CompletableFuture<>();
                }
            }
            """;

    @Test
    void aLockInAFailureCallbackIsNotReportedItsTwinOnSuccessIs() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Registry.java", REGISTRY)
                .source("p/Connect.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        class Connect extends RecursiveAction {
                            private final List<String> keys;
                            Connect(List<String> keys) { this.keys = keys; }
                            @Override
                            protected void compute() {
                                if (keys.size() > 1) {
                                    int mid = keys.size() / 2;
                                    invokeAll(new Connect(keys.subList(0, mid)), new Connect(keys.subList(mid, keys.size())));
                                    return;
                                }
                                String key = keys.get(0);
                                Registry.SHARED.connect(key).exceptionally(e -> {
                                    Registry.SHARED.drop(key);
                                    return null;
                                });
                                Registry.SHARED.connect(key).thenApply(n -> Registry.SHARED.count(key));
                            }
                        }
                        """).check();
    }
}
