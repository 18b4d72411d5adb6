package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.List;
import java.util.Set;

/**
 * Libraries that run the project's handlers on an executor the project chooses with one of their calls, where that
 * call's documented choice is {@code ForkJoinPool.commonPool()}: every handler then runs in the common pool
 * ({@code model.LibraryEntries}). Their jars are usually absent when a project is scanned, so owners are qualified
 * names as written in the sources ({@link LibraryFactories} types the builder chains).
 *
 * @param label         how reports name the library's executor
 * @param commonPool    calls that choose the common pool themselves
 * @param setsExecutor  calls that choose the executor their one argument names (the common pool where it is one)
 * @param overrides     later steps of a builder chain that choose another executor for the handlers
 * @param handlers      annotations of the project's methods the library runs on that executor
 * @param choosing      identifiers of a file that may choose the common pool (for the focused scope's seed)
 * @param handling      identifiers a file declaring handlers has, all of them (for the focused scope's seed)
 */
public record LibraryExecutors(String label, List<MethodMatcher> commonPool, List<MethodMatcher> setsExecutor,
                               MethodMatcher overrides, Set<String> handlers, Set<String> choosing,
                               Set<String> handling) {

    private static final String CLOUD_COORDINATOR = "org.incendo.cloud.execution.ExecutionCoordinator";
    /** The coordinator's builder, by binary and by source name. */
    static final String[] CLOUD_BUILDER = {CLOUD_COORDINATOR + "$Builder", CLOUD_COORDINATOR + ".Builder"};

    /**
     * Incendo cloud 2's command framework: {@code ExecutionCoordinator.asyncCoordinator()} "schedules to the common
     * pool at every possible point in the pipeline" and the builder's {@code commonPoolExecutor()} sets the parsing,
     * suggestion and execution-scheduling executors to {@code ForkJoinPool.commonPool()} (cloud-core's
     * ExecutionCoordinator javadoc and source); the command handlers, the project's {@code @Command} methods, run
     * there. {@code simpleCoordinator()} and a builder left unset run on the caller's thread, and a later
     * {@code executor(..)}/{@code executionSchedulingExecutor(..)} moves execution elsewhere.
     */
    public static final LibraryExecutors CLOUD_COMMANDS = new LibraryExecutors("cloud's ExecutionCoordinator",
            List.of(staticMethod().onClass(CLOUD_COORDINATOR).named("asyncCoordinator").withArity(0),
                    instanceMethod().onDescendantOf(CLOUD_BUILDER).named("commonPoolExecutor").withArity(0)),
            List.of(staticMethod().onClass(CLOUD_COORDINATOR).named("coordinatorFor").withArity(1),
                    cloudExecutionExecutor()),
            cloudExecutionExecutor(),
            Set.of("org.incendo.cloud.annotations.Command"),
            Set.of("asyncCoordinator", "commonPoolExecutor", "coordinatorFor"), Set.of("incendo", "Command"));

    /** The builder's calls that choose the executor the command handlers run on, from their one argument. */
    private static MethodMatcher cloudExecutionExecutor() {
        return instanceMethod().onDescendantOf(CLOUD_BUILDER).named("executor", "executionSchedulingExecutor").withArity(1);
    }

    /** Every library the table knows. */
    public static final List<LibraryExecutors> TABLE = List.of(CLOUD_COMMANDS);
}
