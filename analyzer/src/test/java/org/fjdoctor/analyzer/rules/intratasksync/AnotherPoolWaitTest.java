package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.junit.jupiter.api.Test;

/**
 * A worker that calls {@code invoke}/{@code invokeAll} on a fork/join pool it cannot belong to (one the method
 * creates, or one an object creates for itself and keeps in an instance field) waits for that pool's workers:
 * intra-task-sync's finding, not centralized pooling, since there is no own deque to fork onto. A shared static
 * pool the task itself runs on stays centralized pooling (catalog FJ1 and FJ5), as does the owner's pool where work
 * the owner submits to it reaches the call.
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
                long expand(List<Integer> nodes) throws Exception {
                    List<Callable<Long>> steps = new ArrayList<>();
                    for (Integer node : nodes) {
                        steps.add(() -> neighbours(node));
                    }
                    return pool.invokeAll(steps).size();
                }
                long neighbours(int node) throws Exception {
                    // runs on this object's own pool (expand submits it there): a submission to it, not another pool
                    return pool.invokeAll(List.of(() -> (long) node)).size(); // %2$s
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
