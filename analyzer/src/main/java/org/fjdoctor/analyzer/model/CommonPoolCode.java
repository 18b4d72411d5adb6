package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;
import org.fjdoctor.analyzer.vocabulary.UnresolvedStreams;

import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;

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
    /** How many fields, getters and constructor parameters an executor is followed back through to its pool. */
    private static final int MAX_POOL_HOPS = 3;
    /** How many local variables a pipeline is followed back through ({@code Stream<T> s = ..; s.map(..)}). */
    private static final int MAX_LOCAL_HOPS = 4;

    private final ModelElements elements;
    private final ReturnedPipelines returned;
    private final JavaTypes types;
    private final Declarations declarations;
    private final CommonPoolForwarders forwarders;
    private final StageContinuations continuations;
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
                    && !isLibraryCode(call) && isCommonPool(call.getTarget())) {
                for (CtExpression<?> argument : call.getArguments()) {
                    for (CtExpression<?> function : HeldWork.functionsIn(argument)) {
                        if (runner(function) == null) {
                            add(entries, call, Via.COMMON_POOL_SUBMISSION, function, null);
                        }
                    }
                }
            }
        }
        for (LibraryEntries.Handled handled : LibraryEntries.find(elements, types, this::isCommonPool)) {
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
        if (via == Via.PARALLEL_STREAM && forwarded == null && returned.leftToAFramework(lastOperation(runner), types)) {
            return;
        }
        for (CtExecutable<?> body : bodies(function)) {
            entries.add(new CommonPoolEntry(new TaskEntry(body, owner, ForkJoinModel.label(body) + how, Framework.JDK),
                    via, runner, function,
                    via == Via.PARALLEL_STREAM && forwarded == null ? lastOperation(runner) : runner, forwarded));
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
        if (Apis.STREAM_OPERATION.matches(call, types) && isParallel(call)) {
            return Via.PARALLEL_STREAM;
        }
        if (name.endsWith("Async") && Apis.COMPLETION_STAGE.matches(call, types)) {
            if (!takesExecutor(call)) {
                return givenThreadPool(call) ? null : Via.ASYNC_WITHOUT_EXECUTOR;
            }
            // thenApplyAsync(fn, ForkJoinPool.commonPool()): the common pool, named
            CtExpression<?> executor = call.getArguments().get(call.getArguments().size() - 1);
            return isCommonPool(executor) ? Via.COMMON_POOL_SUBMISSION : null;
        }
        if (Apis.LIBRARY_COMMON_POOL_FORWARDER.matches(call, types)
                && declarations.executable(call.getExecutable()) == null) {
            // a library helper outside the scanned tree whose executor-less form runs its function with *Async
            return Via.ASYNC_WITHOUT_EXECUTOR;
        }
        if (Apis.SUBMISSION_NAMES.contains(name) && call.getTarget() != null && isCommonPool(call.getTarget())) {
            return Via.COMMON_POOL_SUBMISSION;
        }
        return null;
    }

    /**
     * Whether {@code function} takes the elements of a parallel pipeline's source collection or array themselves:
     * it is the element function of a stage ({@code forEach}, {@code map}, ..) of a parallel pipeline, and every
     * stage before it keeps the source's elements ({@code filter}, {@code sorted}, ..). The pipeline hands each
     * element to one task; a stage after a {@code map} may see one object as several elements.
     */
    boolean takesParallelSourceElement(CtLambda<?> function) {
        if (!(function.getParent() instanceof CtInvocation<?> stage) || stage.getArguments().size() != 1
                || stage.getArguments().get(0) != function || !Apis.STREAM_ELEMENT_FUNCTION.matches(stage, types)
                || !isParallel(stage)) {
            return false;
        }
        CtExpression<?> source = stage.getTarget();
        while (source instanceof CtInvocation<?> kept && Apis.STREAM_KEEPS_ELEMENTS.matches(kept, types)) {
            source = kept.getTarget();
        }
        return source instanceof CtInvocation<?> made
                && (Apis.COLLECTION_STREAM.matches(made, types) || Apis.PARALLEL_STREAM.matches(made, types)
                    || Apis.ARRAY_STREAM.matches(made, types));
    }

    /**
     * Whether the pipeline {@code operation} belongs to runs in parallel: the last {@code parallel()} or
     * {@code sequential()} of the whole pipeline decides, else how its source was made.
     */
    private boolean isParallel(CtInvocation<?> operation) {
        return mayBe(true, lastOperation(operation), new int[] {MAX_LOCAL_HOPS}, new HashSet<>());
    }

    /**
     * Whether the parallel pipeline {@code operation} belongs to may also run sequentially, on another path
     * ({@code p ? s.parallel() : s}, {@code if (p) s = s.parallel()}): its functions run in the common pool only
     * where it is parallel, which a report says.
     */
    boolean parallelOnSomePathsOnly(CtInvocation<?> operation) {
        return isParallel(operation) && mayBe(false, lastOperation(operation), new int[] {MAX_LOCAL_HOPS}, new HashSet<>());
    }

    /**
     * Whether the stream {@code stage} may be parallel ({@code parallel}; else sequential), followed back through
     * its chain, the locals it was stored in, the branches of a {@code ?:} and the source helpers that return it
     * ({@code s = s.parallel()} under an {@code if}, a helper returning {@code StreamSupport.stream(spliterator,
     * true)}). A local with several values may be parallel when one of them is: whichever runs, the pipeline's
     * functions may run in the common pool. {@code hops} bounds the locals and helpers followed, {@code seen} the
     * values already looked at.
     */
    private boolean mayBe(boolean parallel, CtExpression<?> stage, int[] hops, Set<CtExpression<?>> seen) {
        while (stage instanceof CtInvocation<?> call) {
            if (Apis.STREAM_MODE.matches(call, types)) {
                return call.getExecutable().getSimpleName().equals("parallel") == parallel;
            }
            if (Apis.PARALLEL_STREAM.matches(call, types) || UnresolvedStreams.isParallelStreamOfMissingType(call)) {
                return parallel;
            }
            if (Apis.STREAM_SUPPORT.matches(call, types)) {
                CtExpression<?> flag = call.getArguments().get(call.getArguments().size() - 1);
                return (flag instanceof CtLiteral<?> literal && Boolean.TRUE.equals(literal.getValue())) == parallel;
            }
            if (!Apis.STREAM_OPERATION.matches(call, types) || call.getTarget() == null) {
                // a sequential source (Collection.stream(), Arrays.stream(..)), or a helper that returns the stream
                return returns(parallel, call, hops, seen);
            }
            stage = call.getTarget();
        }
        if (stage instanceof CtConditional<?> choice) {
            // `parallel ? s.parallel() : s`, `n < 2 ? set.stream() : set.parallelStream()`: either branch may run
            return mayBe(parallel, choice.getThenExpression(), hops, seen)
                    || mayBe(parallel, choice.getElseExpression(), hops, seen);
        }
        if (!(stage instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtLocalVariableReference<?>)
                || hops[0]-- <= 0) {
            return false;
        }
        for (ValueOrigins.Origin origin : parallel ? ValueOrigins.of(stage) : liveAt(read)) {
            if (origin.expression() != stage && seen.add(origin.expression())
                    && mayBe(parallel, origin.expression(), hops, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The values of the local {@code read} reads that may still be there: a value stored in the declaration's own
     * block, not under a branch, replaces those stored there before it ({@code s = s.parallel()} after
     * {@code var s = list.stream()} leaves no sequential value), while one stored under an {@code if} may not run.
     */
    private static List<ValueOrigins.Origin> liveAt(CtVariableRead<?> read) {
        List<ValueOrigins.Origin> origins = ValueOrigins.of(read);
        CtElement block = read.getVariable() instanceof CtLocalVariableReference<?> local && local.getDeclaration() != null
                ? local.getDeclaration().getParent() : null;
        int last = -1;
        for (ValueOrigins.Origin origin : origins) {
            int at = straightLineStore(origin, block);
            if (at >= 0 && at < read.getPosition().getSourceStart() && at > last) {
                last = at;
            }
        }
        List<ValueOrigins.Origin> live = new ArrayList<>();
        for (ValueOrigins.Origin origin : origins) {
            int at = straightLineStore(origin, block);
            if (at < 0 || at >= last) {
                live.add(origin);
            }
        }
        return live;
    }

    /** Where {@code origin}'s value is stored, when that statement sits in {@code block} itself; else -1. */
    private static int straightLineStore(ValueOrigins.Origin origin, CtElement block) {
        CtElement statement = origin.through() == null && origin.expression().isParentInitialized()
                ? origin.expression().getParent() : null;
        return block != null && statement != null && statement.isParentInitialized() && statement.getParent() == block
                && statement.getPosition().isValidPosition() ? statement.getPosition().getSourceStart() : -1;
    }

    /**
     * Whether {@code call} is a source method that may return a parallel stream ({@code parallel}), or a sequential
     * one: any source that is no helper of the project's own.
     */
    private boolean returns(boolean parallel, CtInvocation<?> call, int[] hops, Set<CtExpression<?>> seen) {
        CtExecutable<?> helper = call.getExecutable() == null ? null : declarations.executable(call.getExecutable());
        // the declared type: the call's own has none where an argument's type is unknown (a library's stream)
        if (helper == null || helper.getBody() == null || helper.getType() == null
                || !types.isSubtypeOf(helper.getType(), "java.util.stream.BaseStream") || isLibraryCode(helper)) {
            return !parallel;
        }
        if (hops[0]-- <= 0) {
            return false;
        }
        for (CtExpression<?> value : ValueOrigins.returnedBy(helper)) {
            if (seen.add(value) && mayBe(parallel, value, hops, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The call of the pipeline {@code operation} belongs to that makes it parallel ({@code parallel()},
     * {@code parallelStream()}), found back along its chain without leaving it; else {@code null}.
     */
    CtInvocation<?> madeParallel(CtInvocation<?> operation) {
        CtExpression<?> stage = lastOperation(operation);
        while (stage instanceof CtInvocation<?> call) {
            if (Apis.STREAM_MODE.matches(call, types)) {
                return call.getExecutable().getSimpleName().equals("parallel") ? call : null;
            }
            if (Apis.PARALLEL_STREAM.matches(call, types)) {
                return call;
            }
            if (!Apis.STREAM_OPERATION.matches(call, types)) {
                return null;
            }
            stage = call.getTarget();
        }
        return null;
    }

    /** The last operation of the pipeline chained onto {@code operation}: its terminal, where it is submitted. */
    private CtInvocation<?> lastOperation(CtInvocation<?> operation) {
        CtInvocation<?> last = operation;
        while (last.getParent() instanceof CtInvocation<?> next && next.getTarget() == last
                && Apis.STREAM_OPERATION.matches(next, types)) {
            last = next;
        }
        return last;
    }

    /**
     * The number of arguments of each JDK {@code *Async} method without an executor; its executor form takes one
     * more, last.
     */
    private static final Map<String, Integer> ARGUMENTS_WITHOUT_EXECUTOR = Map.ofEntries(
            Map.entry("runAsync", 1), Map.entry("supplyAsync", 1), Map.entry("thenApplyAsync", 1),
            Map.entry("thenAcceptAsync", 1), Map.entry("thenRunAsync", 1), Map.entry("thenComposeAsync", 1),
            Map.entry("whenCompleteAsync", 1), Map.entry("handleAsync", 1), Map.entry("exceptionallyAsync", 1),
            Map.entry("exceptionallyComposeAsync", 1), Map.entry("completeAsync", 1),
            Map.entry("thenCombineAsync", 2), Map.entry("thenAcceptBothAsync", 2), Map.entry("runAfterBothAsync", 2),
            Map.entry("applyToEitherAsync", 2), Map.entry("acceptEitherAsync", 2), Map.entry("runAfterEitherAsync", 2));

    /**
     * Whether {@code call}, whose executor argument did not resolve as one (the call's binding failed, and with it
     * the reference {@code Holder.EXECUTOR}), passes as its last argument an executor every value of which is a
     * plain thread pool ({@code Executors.newVirtualThreadPerTaskExecutor()}, a {@code new ThreadPoolExecutor(..)}):
     * the field or local it reads is followed to its initializer. An executor of unknown origin stays unknown.
     */
    private boolean givenThreadPool(CtInvocation<?> call) {
        Integer without = call.getExecutable() == null ? null
                : ARGUMENTS_WITHOUT_EXECUTOR.get(call.getExecutable().getSimpleName());
        if (without == null || call.getArguments().size() != without + 1
                || !Apis.JDK_COMPLETION_STAGE.matches(call, types)) {
            return false;
        }
        CtExpression<?> executor = call.getArguments().get(without);
        CtField<?> field = executor instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : UnboundFields.declaration(executor);
        List<CtExpression<?>> values = field != null ? HeldWork.storedIn(field, null)
                : ValueOrigins.of(executor).stream().<CtExpression<?>>map(ValueOrigins.Origin::expression).toList();
        return !values.isEmpty() && values.stream().allMatch(value -> value != executor
                && PoolFields.isThreadPool(types, value));
    }

    private boolean takesExecutor(CtInvocation<?> call) {
        Integer without = ARGUMENTS_WITHOUT_EXECUTOR.get(call.getExecutable().getSimpleName());
        if (without != null && call.getArguments().size() == without && Apis.JDK_COMPLETION_STAGE.matches(call, types)) {
            // the JDK's form without an executor, whatever overload a failed binding named: JDT binds
            // supplyAsync(() -> { .. }) whose lambda calls a missing jar's method to supplyAsync(Supplier, Executor)
            return false;
        }
        for (CtTypeReference<?> parameter : call.getExecutable().getParameters()) {
            if (parameter != null && "java.util.concurrent.Executor".equals(parameter.getQualifiedName())) {
                return true;
            }
        }
        return call.getArguments().stream().anyMatch(argument -> argument.getType() != null
                && types.isSubtypeOf(argument.getType(), "java.util.concurrent.Executor"));
    }

    /**
     * {@code ForkJoinPool.commonPool()}, directly or through a local variable initialized with it, a private
     * or final field of the class set to it ({@code private final Executor executor = ForkJoinPool.commonPool()}),
     * or such a field read through its getter, written or generated by Lombok ({@code provider.getThreadPool()}
     * over {@code private ForkJoinPool threadPool = ForkJoinPool.commonPool()} with a setter: the common pool
     * unless someone sets another). The values are followed on, {@link #MAX_POOL_HOPS} deep, through further
     * fields and getters ({@code this.executor = server.getScheduler().getAsyncPool()}) and through a constructor's
     * parameter that every {@code new} of its class passes the common pool.
     */
    boolean isCommonPool(CtExpression<?> target) {
        return isCommonPool(target, MAX_POOL_HOPS);
    }

    private boolean isCommonPool(CtExpression<?> target, int hops) {
        CtField<?> gotten = target instanceof CtInvocation<?> call ? gottenField(call) : null;
        List<CtExpression<?>> values = target instanceof CtFieldRead<?> read ? HeldWork.storedIn(read)
                : gotten != null ? HeldWork.storedIn(gotten, null)
                : ValueOrigins.of(target).stream().<CtExpression<?>>map(ValueOrigins.Origin::expression).toList();
        for (CtExpression<?> value : values) {
            if (value instanceof CtInvocation<?> call && Apis.COMMON_POOL.matches(call, types)) {
                return true;
            }
        }
        if (hops <= 0) {
            return false;
        }
        for (CtExpression<?> value : values) {
            if (value != target && (value instanceof CtFieldRead<?> || value instanceof CtInvocation<?>)
                    && isCommonPool(value, hops - 1) || passedToConstructor(value, hops - 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code value} reads a parameter of a source constructor that every {@code new} of it (one at least)
     * passes the common pool.
     */
    private boolean passedToConstructor(CtExpression<?> value, int hops) {
        if (!(value instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtParameterReference<?> reference)
                || reference.getDeclaration() == null
                || !(reference.getDeclaration().getParent() instanceof CtConstructor<?> constructor)
                || reference.getDeclaration().isVarArgs()
                || CodeScan.assigns(constructor, reference.getDeclaration())) {
            return false;
        }
        CtParameter<?> parameter = reference.getDeclaration();
        int index = constructor.getParameters().indexOf(parameter);
        boolean passed = false;
        for (CtConstructorCall<?> call : elements.constructorCalls) {
            if (call.getExecutable() == null || call.getArguments().size() != constructor.getParameters().size()
                    || declarations.executable(call.getExecutable()) != constructor) {
                continue;
            }
            if (!isCommonPool(call.getArguments().get(index), hops)) {
                return false;
            }
            passed = true;
        }
        return passed;
    }

    /** The field a getter call returns: a source method that only returns a field, or a Lombok getter. */
    private CtField<?> gottenField(CtInvocation<?> call) {
        if (call.getExecutable() == null || !call.getArguments().isEmpty()) {
            return null;
        }
        CtExecutable<?> getter = declarations.executable(call.getExecutable());
        if (getter == null) {
            return LombokAccessors.fieldOf(call);
        }
        if (!(getter instanceof CtMethod<?> method) || method.getBody() == null || isLibraryCode(method)
                || method.getBody().getStatements().size() != 1) {
            return null;
        }
        List<CtExpression<?>> returned = ValueOrigins.returnedBy(method);
        return returned.size() == 1 && returned.get(0) instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : null;
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
     */
    public record CommonPoolEntry(TaskEntry entry, Via via, CtInvocation<?> runner, CtExpression<?> function,
                                  CtInvocation<?> site, CtInvocation<?> forwarded) {
    }
}
