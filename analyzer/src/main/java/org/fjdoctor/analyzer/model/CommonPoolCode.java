package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Code that runs in {@code ForkJoinPool.commonPool()} without being a task: the functions of a parallel
 * stream pipeline, of a {@code CompletableFuture.*Async} call without an executor, and code submitted to
 * {@code commonPool()} itself. Every other user of the common pool (every parallel stream of the JVM)
 * waits while such code blocks. The blocking-in-common-pool rule reads these entries.
 */
public final class CommonPoolCode {

    /** How a function gets into the common pool. */
    public enum Via {
        PARALLEL_STREAM("a parallel stream"),
        ASYNC_WITHOUT_EXECUTOR("an *Async call without an executor"),
        COMMON_POOL_SUBMISSION("code submitted to commonPool()"),
        /** A handler of a library whose executor the project set to the common pool ({@link LibraryEntries}). */
        LIBRARY_EXECUTOR("a library's executor set to the common pool"),
        /** A task forked, invoked or {@code invokeAll}ed by code that runs on no pool's worker ({@link OutsideForks}). */
        FORK_OUTSIDE_POOL("a task forked outside any pool"),
        /** A plain {@code thenAccept(..)} and the like chained onto a stage the common pool completes ({@link StageContinuations}). */
        CONTINUATION("a continuation of a common-pool future, run by the worker that completes it");

        private final String text;

        Via(String text) {
            this.text = text;
        }

        /** How reports say it: {@code a parallel stream}. */
        public String text() {
            return text;
        }
    }

    /** How far a function may sit inside the arguments of the call that runs it: {@code collect(groupingBy(f))}. */
    private static final int MAX_ARGUMENT_NESTING = 3;

    private final ModelElements elements;
    private final ReturnedPipelines returned;
    private final JavaTypes types;
    private final Declarations declarations;
    private final CommonPoolForwarders forwarders;
    private final StageContinuations continuations;
    private final ParallelPipelines pipelines;
    private final CommonPoolExecutors executors;
    /** The implementations a common-pool function's reference to an abstract source method runs. */
    private final AbstractReferences abstractReferences;
    /** The call of a forwarder that takes a function (the entry's runner) and the submission inside it that runs it. */
    private final Map<CtInvocation<?>, CtInvocation<?>> forwardedBy = new IdentityHashMap<>();

    CommonPoolCode(ModelElements elements, JavaTypes types, Declarations declarations) {
        this(elements, types, declarations, Set.of());
    }

    /**
     * @param createdOutside simple names of classes created in code outside the model (a focused model's blanked
     *                       bodies): created for the implementations of a referenced abstract method, as in
     *                       {@link Dispatch}
     */
    CommonPoolCode(ModelElements elements, JavaTypes types, Declarations declarations, Set<String> createdOutside) {
        this.elements = elements;
        this.returned = new ReturnedPipelines(elements);
        this.abstractReferences = new AbstractReferences(elements, types, declarations, createdOutside);
        this.types = types;
        this.declarations = declarations;
        this.pipelines = new ParallelPipelines(types, declarations);
        this.executors = new CommonPoolExecutors(elements, types, declarations);
        // a parallel stream step runs the function in the common pool too, unless the forwarder is called from
        // task code (the pipeline then forks in the task's pool): ForkJoinModel drops such entries by their caller
        this.forwarders = new CommonPoolForwarders(types, declarations, call -> via(call) != null);
        this.continuations = new StageContinuations(types, declarations, call -> via(call) != null);
    }

    /** Every function of the model that runs in the common pool, as an entry labelled with how it gets there. */
    List<CommonPoolEntry> entries() {
        List<CtExpression<?>> functions = new ArrayList<>();
        functions.addAll(elements.lambdas);
        functions.addAll(elements.methodReferences);
        functions.addAll(elements.constructorCalls); // anonymous classes, and objects of source classes: a Runnable
        functions.sort(ForkJoinModel.BY_POSITION);
        List<CommonPoolEntry> entries = new ArrayList<>();
        for (CtExpression<?> function : functions) {
            CtInvocation<?> runner = runner(function);
            if (runner == null || isLibraryCode(runner)) {
                continue;
            }
            CtInvocation<?> forwarded = forwardedBy.get(runner);
            Via via = via(forwarded != null ? forwarded : runner);
            add(entries, runner, via != null ? via : Via.CONTINUATION, function, forwarded);
        }
        for (CtInvocation<?> call : elements.invocations) {
            // commonPool().execute(future) of a FutureTask made around a lambda elsewhere, or a function in a field
            if (call.getExecutable() != null && Apis.SUBMISSION_NAMES.contains(call.getExecutable().getSimpleName())
                    && call.getTarget() != null && call.getTarget().getType() != null
                    && types.isSubtypeOf(call.getTarget().getType(), "java.util.concurrent.Executor")
                    && !isLibraryCode(call) && executors.isCommonPool(call.getTarget())) {
                for (CtExpression<?> argument : call.getArguments()) {
                    for (CtExpression<?> function : HeldWork.functionsIn(argument)) {
                        if (runner(function) == null) {
                            add(entries, call, Via.COMMON_POOL_SUBMISSION, function, null);
                        }
                    }
                }
            }
        }
        for (LibraryEntries.Handled handled : LibraryEntries.find(elements, types, executors::isCommonPool)) {
            CtMethod<?> handler = handled.handler();
            entries.add(new CommonPoolEntry(new TaskEntry(handler, handler.getDeclaringType(), ForkJoinModel.label(handler)
                    + " (run by " + Via.LIBRARY_EXECUTOR.text + ")", Framework.JDK), Via.LIBRARY_EXECUTOR, handled.site(),
                    handled.site(), handled.site(), null));
        }
        return entries;
    }

    /** The abstract methods' declaring types that {@link #entries()} dispatched method references on, by name. */
    Map<String, DispatchedType> referencedAbstract() {
        return abstractReferences.dispatchedTypes();
    }

    private void add(List<CommonPoolEntry> entries, CtInvocation<?> runner, Via via, CtExpression<?> function,
                     CtInvocation<?> forwarded) {
        CtType<?> owner = runner.getParent(CtType.class);
        String through = forwarded == null ? "" : " through " + runner.getExecutable().getSimpleName() + "(..)";
        String how = via == Via.CONTINUATION ? " (" + via.text + ")" : " (run by " + via.text + through + ")";
        if (via == Via.PARALLEL_STREAM && forwarded == null && returned.leftToAFramework(pipelines.lastOperation(runner), types)) {
            return;
        }
        for (CtExecutable<?> body : bodies(function)) {
            entries.add(new CommonPoolEntry(new TaskEntry(body, owner, ForkJoinModel.label(body) + how, Framework.JDK),
                    via, runner, function,
                    via == Via.PARALLEL_STREAM && forwarded == null ? pipelines.lastOperation(runner) : runner, forwarded,
                    via == Via.COMMON_POOL_SUBMISSION ? executors.chosenSometimes(forwarded != null ? forwarded : runner) : null));
        }
    }

    /**
     * The call that runs {@code function} in the common pool, or {@code null}: the call it is handed to, or,
     * for a function kept in a local first ({@code var importer = new Importer(..); stream.forEach(importer)}),
     * a call that one of the local's reads is handed to.
     */
    private CtInvocation<?> runner(CtExpression<?> function) {
        CtInvocation<?> direct = runnerOf(function);
        if (direct != null || !(function.getParent() instanceof CtLocalVariable<?> local)
                || local.getDefaultExpression() != function || local.getParent(CtExecutable.class) == null) {
            return direct;
        }
        for (CtVariableRead<?> read : CodeScan.elementsIn(local.getParent(CtExecutable.class), CtVariableRead.class)) {
            if (read.getVariable() instanceof CtLocalVariableReference<?> reference
                    && reference.getSimpleName().equals(local.getSimpleName()) && reference.getDeclaration() == local) {
                CtInvocation<?> runner = runnerOf(read);
                if (runner != null) {
                    return runner;
                }
            }
        }
        return null;
    }

    private CtInvocation<?> runnerOf(CtExpression<?> function) {
        CtExpression<?> argument = function;
        for (int nesting = 0; nesting < MAX_ARGUMENT_NESTING; nesting++) {
            if (!(argument.getParent() instanceof CtInvocation<?> call) || !isArgument(call, argument)) {
                return null;
            }
            if (via(call) != null || continuations.runsOnCommonPoolWorker(call, argument)) {
                return call;
            }
            CtInvocation<?> forwarded = nesting == 0 ? forwarders.submission(call, argument) : null;
            if (forwarded != null) {
                forwardedBy.put(call, forwarded);
                return call;
            }
            argument = call;
        }
        return null;
    }

    private static boolean isArgument(CtInvocation<?> call, CtExpression<?> expression) {
        return call.getArguments().stream().anyMatch(argument -> argument == expression);
    }

    private Via via(CtInvocation<?> call) {
        if (call.getExecutable() == null) {
            return null;
        }
        String name = call.getExecutable().getSimpleName();
        if (Apis.STREAM_OPERATION.matches(call, types) && pipelines.isParallel(call)) {
            return Via.PARALLEL_STREAM;
        }
        if (name.endsWith("Async") && Apis.COMPLETION_STAGE.matches(call, types)) {
            if (!executors.takesExecutor(call)) {
                return executors.givenThreadPool(call) ? null : Via.ASYNC_WITHOUT_EXECUTOR;
            }
            // thenApplyAsync(fn, ForkJoinPool.commonPool()): the common pool, named
            CtExpression<?> executor = call.getArguments().get(call.getArguments().size() - 1);
            return executors.isCommonPool(executor) ? Via.COMMON_POOL_SUBMISSION : null;
        }
        if (Apis.LIBRARY_COMMON_POOL_FORWARDER.matches(call, types)
                && declarations.executable(call.getExecutable()) == null) {
            // a library helper outside the scanned tree whose executor-less form runs its function with *Async
            return Via.ASYNC_WITHOUT_EXECUTOR;
        }
        if (Apis.SUBMISSION_NAMES.contains(name) && call.getTarget() != null && executors.isCommonPool(call.getTarget())) {
            return Via.COMMON_POOL_SUBMISSION;
        }
        return null;
    }

    /** What runs when the function is called: the lambda, the referenced source method, the anonymous class's methods. */
    private List<CtExecutable<?>> bodies(CtExpression<?> function) {
        if (function instanceof CtLambda<?> lambda) {
            return List.of(lambda);
        }
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            CtExecutable<?> target = declarations.executable(reference.getExecutable());
            if (target instanceof CtMethod<?> method && method.getBody() == null && method.getPosition().isValidPosition()
                    && !isLibraryCode(method)) {
                // an abstract method of the project's own: what a call would run
                return abstractReferences.implementations(method);
            }
            // a library method (no body, or a JDK class's shadow without a source position): its one call
            boolean library = target == null || target.getBody() == null || !target.getPosition().isValidPosition();
            CtExecutable<?> step = library ? LibraryReferenceSteps.of(reference, types) : null;
            return step != null ? List.of(step) : library ? List.of() : List.of(target);
        }
        List<CtExecutable<?>> methods = new ArrayList<>();
        if (function instanceof CtNewClass<?> newClass && newClass.getAnonymousClass() != null) {
            for (CtMethod<?> method : newClass.getAnonymousClass().getMethods()) {
                if (method.getBody() != null) {
                    methods.add(method);
                }
            }
        } else if (function instanceof CtConstructorCall<?> created && created.getType() != null
                && declarations.type(created.getType()) != null) {
            // new StressRunnable(..) handed to runAsync: the method of its functional interface runs
            for (CtMethod<?> method : declarations.type(created.getType()).getMethods()) {
                if (method.getBody() != null && Apis.FUNCTIONAL_METHODS.contains(method.getSimpleName())) {
                    methods.add(method);
                }
            }
        }
        return methods;
    }

    /** The JDK's or a framework's own code: what it runs in the common pool is its implementation. */
    static boolean isLibraryCode(CtElement element) {
        CtType<?> owner = element.getParent(CtType.class);
        return owner != null && LibraryBoundary.isLibrary(JavaTypes.topLevel(owner).getQualifiedName());
    }

    /**
     * A function that runs in the common pool, how it gets there, and the call that sends it.
     *
     * @param runner   the call that takes the function: {@code map(..)} of a pipeline, {@code supplyAsync(..)}
     * @param function the lambda, method reference or object handed to {@code runner}
     * @param site     where the work is submitted, and where a fix names another pool: the pipeline's last
     *                 operation (its terminal), else {@code runner}; the functions of one pipeline share it
     * @param forwarded the submission inside the source method that {@code runner} calls and that hands the
     *                  function on to the common pool ({@code commonPool().execute(runnable)}), or {@code null}
     * @param chosenPool the executor a submission names when it is the common pool on some paths only
     *                   ({@code pool} set to {@code threads == -1 ? commonPool() : new ForkJoinPool(threads)}),
     *                   else {@code null}
     */
    public record CommonPoolEntry(TaskEntry entry, Via via, CtInvocation<?> runner, CtExpression<?> function,
                                  CtInvocation<?> site, CtInvocation<?> forwarded, CtExpression<?> chosenPool) {

        public CommonPoolEntry(TaskEntry entry, Via via, CtInvocation<?> runner, CtExpression<?> function,
                               CtInvocation<?> site, CtInvocation<?> forwarded) {
            this(entry, via, runner, function, site, forwarded, null);
        }
    }
}
