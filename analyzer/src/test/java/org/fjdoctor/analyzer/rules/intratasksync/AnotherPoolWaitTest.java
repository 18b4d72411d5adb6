package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.junit.jupiter.api.Test;

/**
 * A worker that calls {@code invoke}/{@code invokeAll} on a fork/join pool it cannot belong to (one the method
 * creates, or one an object creates for itself and keeps in an instance field) waits for that pool's workers:
 * intra-task-sync's finding, not centralized pooling, since there is no own deque to fork onto. A shared static
 * pool the task itself runs on stays centralized pooling (catalog FJ1 and FJ5).
 */
class AnotherPoolWaitTest {

    private static final String SOURCES = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            class Search {
                private final ForkJoinPool pool = new ForkJoinPool(4);
                long search(List<Callable<Long>> steps) throws Exception {
                    long sum = 0;
                    for (Future<Long> done : pool.invokeAll(steps)) { // %1$s
                        sum += done.get();
                    }
                    return sum;
                }
            }
            class Outer extends RecursiveTask<Long> {
                static final ForkJoinPool SHARED = new ForkJoinPool();
                final Search search;
                final int n;
                Outer(Search search, int n) { this.search = search; this.n = n; }
                @Override
                protected Long compute() {
                    if (n < 2) {
                        try {
                            ForkJoinPool local = new ForkJoinPool(2);
                            long here = local.invoke(new Outer(search, 0)); // %1$s
                            return here + search.search(List.of(() -> 1L));
                        } catch (Exception e) {
                            return 0L;
                        }
                    }
                    return SHARED.invoke(new Outer(search, n / 2)); // %2$s
                }
            }
            """;

    @Test
    void waitingOnAnotherPoolIsIntraTaskSync() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Search.java", SOURCES.formatted("expect: intra-task-sync \"another fork/join pool\"", ""))
                .check();
    }

    @Test
    void onlyTheSharedPoolIsCentralizedPooling() {
        RuleTester.of(CentralizedPoolingRule.class)
                .source("p/Search.java", SOURCES.formatted("", "expect: centralized-pooling"))
                .check();
    }
}
