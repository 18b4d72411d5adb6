package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool handed out by a getter typed as a plain {@code Executor} ({@code stage.getExecutor()} returning the
 * server's {@code ForkJoinPool} field through its own getter) is a fork/join pool: what is submitted to it is task
 * code, and a stage that resubmits the next stage from there goes through the pool's central queue. A getter that
 * only ever returns a thread pool keeps the work off fork/join.
 */
class PoolGetterTest {

    private static void check(String pool, boolean forkJoin) {
        RuleTester.of(CentralizedPoolingRule.class)
                .source("p/Server.java", """
                        package p;
                        import java.util.concurrent.*;
                        class Server {
                            private static Server instance;
                            public final POOL computePool;
                            Server() { this.computePool = NEW; instance = this; }
                            static Server getInstance() { return instance; }
                            public POOL getComputePool() { return computePool; }
                        }
                        """.replace("POOL", pool.startsWith("new ForkJoinPool") ? "ForkJoinPool" : "ExecutorService")
                        .replace("NEW", pool))
                .source("p/Stage.java", """
                        package p;
                        import java.util.concurrent.Executor;
                        abstract class Stage {
                            Stage next;
                            abstract void apply(int chunk);
                            public Executor getExecutor() {
                                return Server.getInstance().getComputePool();
                            }
                        }
                        """)
                .source("p/Finished.java", """
                        package p;
                        import java.util.concurrent.Executor;
                        class Finished extends Stage {
                            void apply(int chunk) { }
                            @Override
                            public Executor getExecutor() {
                                return Runnable::run;
                            }
                        }
                        """)
                .source("p/Generator.java", """
                        package p;
                        class Generator {
                            void generate(int chunk, Stage stage) {
                                if (stage == null) {
                                    return;
                                }
                                stage.getExecutor().execute(() -> {EXPECT
                                    stage.apply(chunk);
                                    generate(chunk, stage.next);
                                });
                            }
                        }
                        """.replace("EXPECT", forkJoin ? " // expect: centralized-pooling" : ""))
                .check();
    }

    @Test
    void aStageResubmittingToTheServersForkJoinPoolIsCentralizedPooling() {
        check("new ForkJoinPool(4)", true);
    }

    @Test
    void aStageResubmittingToAFixedThreadPoolIsNot() {
        check("Executors.newFixedThreadPool(4)", false);
    }
}
