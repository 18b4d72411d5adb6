package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * An {@code ExecutorService} field of a base class set from its constructor parameter holds a fork/join pool
 * when a subclass hands one up through {@code super(pool)} (or its own {@code this(..)}): what is submitted
 * through the field runs on that pool, as with {@code new Engine(pool)}.
 */
class SuperPoolFieldTest {

    @Test
    void aPoolHandedUpThroughSuperMakesTheFieldsSubmissionsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Engine.java", """
                package p;
                import java.util.concurrent.*;
                abstract class Engine {
                    protected final ExecutorService executor;
                    protected Engine(ExecutorService executor) {
                        this.executor = executor;
                    }
                }
                """).source("p/PoolEngine.java", """
                package p;
                import java.util.concurrent.*;
                final class PoolEngine extends Engine {
                    static final Object LOCK = new Object();
                    private PoolEngine(ForkJoinPool pool) {
                        super(pool);
                    }
                    PoolEngine(int parallelism) {
                        this(new ForkJoinPool(parallelism));
                    }
                    void schedule() {
                        executor.submit(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                LOCK.notifyAll();
                            }
                        });
                    }
                }
                """).check();
    }
}
