package org.fjdoctor.analyzer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.engine.Engine.Change;
import org.fjdoctor.analyzer.engine.Engine.Outcome;
import org.fjdoctor.analyzer.source.SourceSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether work handed to a project's executor wrapper is task code follows the factory that built the wrapper,
 * which lives in another file than the lock. An edit of that factory's body alone (the wrapper now made around a
 * fork/join pool, then around a plain one again) must add and remove the finding in the other file exactly as a
 * cold scan does. The edit keeps every name the file uses, so the engine replaces the unit in place rather than
 * building again: the judgement must be made anew from the new unit, not kept from the old model.
 */
class WrappedPoolEditTest {

    private static final String CONTEXT = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            public class Context extends AbstractExecutorService {
                private final ExecutorService worker;
                public Context(ExecutorService worker) { this.worker = worker; }
                public static Context forkjoin(int parallelism) { return new Context(new ForkJoinPool(parallelism)); }
                public static Context plain(int parallelism) {
                    return new Context(new ThreadPoolExecutor(parallelism, parallelism, 0L, TimeUnit.SECONDS,
                            new LinkedBlockingQueue<>()));
                }
                public static Context make(int parallelism) { return %s; }
                public void execute(Runnable command) { worker.execute(command); }
                public void shutdown() { worker.shutdown(); }
                public List<Runnable> shutdownNow() { return worker.shutdownNow(); }
                public boolean isShutdown() { return worker.isShutdown(); }
                public boolean isTerminated() { return worker.isTerminated(); }
                public boolean awaitTermination(long t, TimeUnit u) throws InterruptedException {
                    return worker.awaitTermination(t, u);
                }
            }
            """;

    private static final String PLAIN = "plain(parallelism)";
    private static final String FORK_JOIN = "forkjoin(parallelism)";

    @TempDir
    Path root;

    @Test
    void anEditOfTheFactoryAloneMovesTheFindingInTheCallersFileAsAColdScanDoes() throws IOException {
        TestTrees.write(root, "p/Context.java", CONTEXT.formatted(PLAIN));
        TestTrees.write(root, "p/Timer.java", """
                package p;
                class Timer {
                    private final Object lock = new Object();
                    private final Context context = Context.make(2);
                    private long ticks;
                    void start() {
                        context.execute(() -> {
                            synchronized (lock) {
                                ticks++;
                            }
                        });
                    }
                }
                """);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            Outcome toForkJoin = edit(engine, "p/Context.java", CONTEXT.formatted(FORK_JOIN));
            assertEquals(Outcome.REPLACED_UNIT, toForkJoin);
            assertSameAsCold(engine);
            assertEquals(List.of("p/Timer.java intra-task-sync"), describe(engine.findings()));

            Outcome backToPlain = edit(engine, "p/Context.java", CONTEXT.formatted(PLAIN));
            assertEquals(Outcome.REPLACED_UNIT, backToPlain);
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));
        }
    }

    private Outcome edit(Engine engine, String relative, String text) throws IOException {
        Path file = TestTrees.write(root, relative, text);
        return engine.update(List.of(Change.edited(file, text))).outcome();
    }

    private void assertSameAsCold(Engine engine) {
        ScanResult cold = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        assertEquals(cold.findings(), engine.findings());
        assertEquals(cold.problems(), engine.analysis().result().problems());
    }

    private List<String> describe(List<Finding> findings) {
        return findings.stream().map(f -> f.location().relativePath().substring(root.toString().length() + 1)
                + " " + f.ruleId()).toList();
    }
}
