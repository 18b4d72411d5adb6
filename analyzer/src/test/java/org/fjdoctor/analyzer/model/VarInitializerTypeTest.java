package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A {@code var} local made by a call JDT cannot bind without a classpath (an argument of a library type) has
 * no type; the method the call names says what it holds, so calls on it are dispatched (a tile store opened by
 * {@code try (var store = storeFor(tileset, datasource))} and read in the task).
 */
class VarInitializerTypeTest {

    private static final String STORES = """
            package p;
            public class Stores {
                public interface Store {
                    byte[] read(int tile);
                }
                public static class LockingStore implements Store {
                    static final Object LOCK = new Object();
                    @Override
                    public byte[] read(int tile) {
                        synchronized (LOCK) { // expect: intra-task-sync
                            return new byte[tile];
                        }
                    }
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.RecursiveAction;
            import org.example.db.DataSource;
            public class ReadTask extends RecursiveAction {
                private final DataSource source;
                ReadTask(DataSource source) {
                    this.source = source;
                }
                @Override
                protected void compute() {
                    var store = storeFor(source, 3);
                    store.read(1);
                }
                private Stores.Store storeFor(DataSource source, int version) {
                    return new Stores.LockingStore();
                }
            }
            """;

    @Test
    void aVarMadeByAnUnboundCallHasItsMethodsReturnType() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Stores.java", STORES).source("p/ReadTask.java", TASK).check();
    }

    @Test
    void aVarTheTaskNeverCallsIsNotFollowed() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Stores.java", STORES.replace(" // expect: intra-task-sync", ""))
                .source("p/ReadTask.java", TASK.replace("store.read(1);", "store.hashCode();")).check();
    }
}
