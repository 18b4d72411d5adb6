package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A class no {@code new} in the sources creates, because a container (a Spring {@code @Service}, a CDI bean) or a
 * registry (reflectively, from a class literal) creates it, is an implementation calls can be dispatched to:
 * rapid type analysis counts it as created.
 */
class FrameworkCreatedTest {

    private static final String INDEXER = """
            package p;
            public interface Indexer {
                void index(String page);
            }
            """;

    private static final String INDEXER_IMPL = """
            package p;
            import org.springframework.stereotype.Service;
            @Service
            public class IndexerImpl implements Indexer {
                private static final Object LOCK = new Object();
                private long pages;
                @Override
                public void index(String page) {
                    synchronized (LOCK) { // expect: intra-task-sync
                        pages++;
                    }
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.List;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;
            public class IndexTask extends RecursiveAction {
                private final Indexer indexer;
                private final String page;
                IndexTask(Indexer indexer, String page) {
                    this.indexer = indexer;
                    this.page = page;
                }
                @Override
                protected void compute() {
                    indexer.index(page);
                }
            }
            """;

    private static final String SERVICE = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            public class IndexingService {
                private final Indexer indexer;
                private final ForkJoinPool pool = new ForkJoinPool();
                public IndexingService(Indexer indexer) {
                    this.indexer = indexer;
                }
                public void start(String page) {
                    pool.invoke(new IndexTask(indexer, page));
                }
            }
            """;

    private static RuleTester program(String implementation) {
        return RuleTester.of(IntraTaskSyncRule.class).source("p/Indexer.java", INDEXER)
                .source("p/IndexerImpl.java", implementation).source("p/IndexTask.java", TASK)
                .source("p/IndexingService.java", SERVICE);
    }

    @Test
    void aSpringServiceIsCreatedByTheContainer() {
        program(INDEXER_IMPL).check();
    }

    @Test
    void aClassNothingCreatesIsNotDispatchedTo() {
        program(INDEXER_IMPL.replace("@Service\n", "").replace(" // expect: intra-task-sync", "")).check();
    }

    private static final String REGISTRY = """
            package p;
            import java.util.ArrayList;
            import java.util.List;
            public class Registry {
                public static class Entry {
                    final Class<? extends Indexer> type;
                    Entry(String name, Class<? extends Indexer> type) {
                        this.type = type;
                    }
                }
                private final List<Entry> entries = new ArrayList<>();
                public void register() {
                    entries.add(new Entry("plain", IndexerImpl.class));
                }
                public Indexer create(Entry entry) throws ReflectiveOperationException {
                    return entry.type.getConstructor().newInstance();
                }
            }
            """;

    @Test
    void aClassARegistryCreatesFromItsClassLiteralIsCreated() {
        program(INDEXER_IMPL.replace("@Service\n", "")).source("p/Registry.java", REGISTRY).check();
    }

    @Test
    void aClassLiteralNothingInstantiatesReflectivelyCreatesNothing() {
        program(INDEXER_IMPL.replace("@Service\n", "").replace(" // expect: intra-task-sync", ""))
                .source("p/Registry.java", REGISTRY.replace("entry.type.getConstructor().newInstance()", "null")).check();
    }
}
