package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A static helper that submits its {@code Runnable}/{@code Callable} parameter to a fork/join pool
 * ({@code Pools.run(Runnable r) { pool.submit(r).get(); }}) runs what its callers pass on the pool, as an
 * instance forwarder does; a static helper that runs its parameter on a plain thread does not.
 */
class StaticForwarderTest {

    @Test
    void whatAStaticForwarderSubmitsIsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Pools.java", """
                package p;
                import java.util.concurrent.*;
                final class Pools {
                    static void run(Runnable runnable, boolean parallel) {
                        if (parallel) {
                            ForkJoinPool pool = new ForkJoinPool(4);
                            try {
                                pool.submit(runnable).get();
                            } catch (InterruptedException | ExecutionException e) {
                                throw new RuntimeException(e);
                            } finally {
                                pool.shutdown();
                            }
                        } else {
                            runnable.run();
                        }
                    }
                    static void onThread(Runnable runnable) {
                        new Thread(runnable).start();
                    }
                }
                """).source("p/Trainer.java", """
                package p;
                import java.util.*;
                import java.util.function.Consumer;
                import java.util.stream.Stream;
                class Trainer {
                    <T> void forEach(Stream<T> stream, Consumer<? super T> action) {
                        Runnable runnable = () -> stream.forEach(action);
                        Pools.run(runnable, stream.isParallel());
                    }
                    void train(List<double[]> rows) {
                        Map<Integer, Double> weights = new HashMap<>();
                        forEach(rows.parallelStream(), row -> {
                            synchronized (weights) { // expect: intra-task-sync
                                weights.merge(0, row[0], Double::sum);
                            }
                        });
                    }
                    void log(List<String> lines) {
                        List<String> seen = new ArrayList<>();
                        Pools.onThread(() -> {
                            synchronized (seen) {
                                seen.addAll(lines);
                            }
                        });
                    }
                }
                """).check();
    }
}
