package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A function handed down through parameters, or through the elements of a varargs array, and run inside a
 * task ({@code supplyAsync(() -> mapper.apply(t))}, {@code for (Runnable r : systems) r.run()}) runs the lambdas
 * given at the call sites.
 */
class HandedFunctionTest {

    private static final String BUFFER = """
            package p;
            import java.util.List;
            import java.util.concurrent.CompletableFuture;
            import java.util.function.Function;
            import java.util.stream.Stream;
            public final class Buffers {
                private Buffers() {
                }
                public static <T, U> Stream<U> inCompletionOrder(Stream<T> stream, Function<T, U> asyncMapper, int size) {
                    return buffer(stream, asyncMapper, size);
                }
                private static <T, U> Stream<U> buffer(Stream<T> stream, Function<T, U> asyncMapper, int size) {
                    Stream<CompletableFuture<U>> futures =
                            stream.map(t -> CompletableFuture.supplyAsync(() -> asyncMapper.apply(t))); // expect: blocking-in-common-pool "Files I/O through lambda in lambda in Buffers.buffer() (run by an *Async call without an executor) -> lambda in Export.run()"
                    return futures.map(CompletableFuture::join);
                }
            }
            """;

    private static final String EXPORT = """
            package p;
            import java.io.IOException;
            import org.example.tiles.TileEntry;
            import org.example.tiles.WorkflowException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.stream.Stream;
            public class Export {
                void run(Stream<Path> tiles) {
                    Buffers.inCompletionOrder(tiles, tile -> {
                        try {
                            return new TileEntry<>(tile, Files.readAllBytes(tile));
                        } catch (IOException e) {
                            throw new WorkflowException(e);
                        }
                    }, 10).forEach(t -> { });
                }
            }
            """;

    @Test
    void aFunctionPassedDownTwoHelpersIntoSupplyAsyncIsTaskCode() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Buffers.java", BUFFER).source("p/Export.java", EXPORT)
                .check();
    }

    @Test
    void aFunctionNeverHandedToTheHelperIsNotTaskCode() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Buffers.java", BUFFER.replaceAll(" // expect: .*", ""))
                .source("p/Export.java", EXPORT
                        .replace("Buffers.inCompletionOrder(tiles, tile -> {", "java.util.function.Function<Path, TileEntry<Path>> f = tile -> {")
                        .replace("}, 10).forEach(t -> { });", "}; tiles.map(f).forEach(t -> { });"))
                .check();
    }

    private static final String SCHEDULER = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;
            public class Scheduler {
                private final ForkJoinPool pool = new ForkJoinPool(4);
                public void forkAndJoinAll(Runnable... systems) {
                    pool.invoke(new RecursiveAction() {
                        @Override
                        protected void compute() {
                            for (Runnable system : systems) {
                                system.run();
                            }
                        }
                    });
                }
            }
            """;

    private static final String GAME = """
            package p;
            public class Game {
                static final Object LOCK = new Object();
                static long ticks;
                void tick(Scheduler scheduler) {
                    scheduler.forkAndJoinAll(() -> {
                        synchronized (LOCK) { // expect: intra-task-sync
                            ticks++;
                        }
                    }, () -> ticks = 0);
                }
            }
            """;

    @Test
    void lambdasGivenForAVarargsParameterRunWhereItsElementsAreRun() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Scheduler.java", SCHEDULER).source("p/Game.java", GAME).check();
    }

    /** The varargs elements streamed into one subtask each ({@code Arrays.stream(systems).map(s -> new Sub(..))}). */
    private static final String STREAMING_SCHEDULER = """
            package p;
            import java.util.Arrays;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;
            public class Scheduler {
                private final ForkJoinPool pool = new ForkJoinPool(4);
                public void forkAndJoinAll(Runnable... systems) {
                    pool.invoke(new RecursiveAction() {
                        @Override
                        protected void compute() {
                            invokeAll(Arrays.stream(systems).map(system -> new RecursiveAction() {
                                @Override
                                protected void compute() {
                                    system.run();
                                }
                            }).toList());
                        }
                    });
                }
            }
            """;

    @Test
    void lambdasGivenForAVarargsParameterStreamedIntoSubtasksRunInThem() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Scheduler.java", STREAMING_SCHEDULER)
                .source("p/Game.java", GAME).check();
    }

    @Test
    void aLambdaRunOnAPlainThreadIsNotTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Scheduler.java", SCHEDULER)
                .source("p/Game.java", GAME.replace(" // expect: intra-task-sync", "")
                        .replace("scheduler.forkAndJoinAll(() -> {", "new Thread(() -> {")
                        .replace("}, () -> ticks = 0);", "}).start();"))
                .check();
    }
}
