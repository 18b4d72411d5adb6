package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A constructor reference ({@code ChunkPool::new} handed to a factory, a {@code computeIfAbsent}, a supplier) creates
 * instances of its class as {@code () -> new ChunkPool()} does: rapid type analysis counts the class as created, so a
 * call on the interface it implements is dispatched to it.
 */
class ConstructorReferenceCreatesTest {

    private static final String POOL = """
            package p;
            public interface Pool {
                void serialise(Runnable work);
            }
            """;

    private static final String CHUNK_POOL = """
            package p;
            public class ChunkPool implements Pool {
                private static final Object LOCK = new Object();
                @Override
                public void serialise(Runnable work) {
                    synchronized (LOCK) { // expect: intra-task-sync
                        work.run();
                    }
                }
            }
            """;

    private static final String REGISTRY = """
            package p;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.function.Supplier;
            public class Registry {
                private static final Map<String, Pool> POOLS = new ConcurrentHashMap<>();
                public static Pool getOrCreate(String name, Supplier<Pool> maker) {
                    return POOLS.computeIfAbsent(name, n -> maker.get());
                }
                public static void register() {
                    getOrCreate("LEGACY", ChunkPool::new);
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            public class TickTask extends RecursiveAction {
                private final Pool pool;
                TickTask(Pool pool) {
                    this.pool = pool;
                }
                @Override
                protected void compute() {
                    pool.serialise(() -> { });
                }
                public static void start(java.util.concurrent.ForkJoinPool fj, Pool pool) {
                    fj.invoke(new TickTask(pool));
                }
            }
            """;

    private static RuleTester program(String registry, String chunkPool) {
        return RuleTester.of(IntraTaskSyncRule.class).source("p/Pool.java", POOL).source("p/ChunkPool.java", chunkPool)
                .source("p/Registry.java", registry).source("p/TickTask.java", TASK);
    }

    @Test
    void aConstructorReferenceCreatesItsClass() {
        program(REGISTRY, CHUNK_POOL).check();
    }

    @Test
    void aMethodReferenceToAnotherMethodCreatesNothing() {
        program(REGISTRY.replace("ChunkPool::new", "Registry::none")
                        .replace("    public static void register", "    static Pool none() {\n        return null;\n    }\n    public static void register"),
                CHUNK_POOL.replace(" // expect: intra-task-sync", "")).check();
    }
}
