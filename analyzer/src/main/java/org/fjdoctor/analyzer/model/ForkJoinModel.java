package org.fjdoctor.analyzer.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.TestSources;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.CtModel;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The fork/join facts of one scan, computed once: task classes, where task code starts, and every
 * source method reachable from there (with a shortest call path). Rules ask it questions; they do
 * not walk the world themselves.
 * <p>
 * It is longer than the model's other classes because it is the one facade the rules ask: most of it is their
 * questions, each documented as a rule reads it and answered in a line or two by the part that knows
 * ({@link PoolFields}, {@link CallGraph}, {@link CommonPoolWalks}, {@link ModelFiles}, ..). Splitting the facade
 * would have every rule assemble those parts itself; a new fact belongs in a new class behind it.
 */
public final class ForkJoinModel {

    /**
     * How many calls from an entry are followed by default. Real task code reaches its locks through
     * layers (a task, a template hook, a collection, its lock): on the 21 projects of the real-world
     * validation set 7 found 4 more labelled bottlenecks than 5 for up to 1.6 times the scan time
     * (docs/validation-history.md).
     */
    public static final int DEFAULT_CALL_DEPTH = 7;

    private final CtModel spoon;
    private final ModelFiles files;
    private final ModelElements elements;
    private final Declarations declarations;
    private final JavaTypes types;
    private final ForkJoinApi api;
    private final List<CtClass<?>> taskClasses = new ArrayList<>();
    private final List<TaskEntry> entries = new ArrayList<>();
    private final Set<String> createdOutside;
    /** Classes created as submitted work that the model lacks ({@link TaskEntries.Found#submittedUnknown()}). */
    private final Set<String> submittedUnknown;
    /** {@link TaskEntries.Found#forwarderNames()}. */
    private final Set<String> forwarderNames;
    /** Methods of task classes, besides their entries, that fork: task code whoever calls them. */
    private final List<TaskEntry> forkingMethods = new ArrayList<>();
    private final Map<CtExecutable<?>, Reach> reachable = new IdentityLinkedMap<>();
    /** What runs in the common pool outside tasks (parallel streams, *Async without executor), its own call graph. */
    private final CommonPoolWalks commonPool = new CommonPoolWalks();
    /** What of the parts built on first use failed, each with what it cost ({@link #failedParts()}). */
    private final List<String> failedParts = new ArrayList<>();
    private List<CtBlock<?>> blocksThatFork;
    private final PoolFields poolFields;
    private final PoolValues poolValues;
    /** {@link #poolValues} that follow injected beans and wrappers too: which pool runs a submitted function. */
    private final Lazy<PoolValues> runningPools;
    private final WorkerGuards workerGuards;
    private final WorkerExecutors workerExecutors;
    private final AllocationSites allocationSites;
    /** Built on first use, as only some rules ask. */
    private final Lazy<LockSharing> lockSharing;
    private final Lazy<LoneTasks> loneTasks;
    private final Lazy<GuessedReach> guessedReach;
    /** What the call graph resolved each call to, for the walks of this model and the next after an edit. */
    private final ResolvedCalls resolvedCalls;
    /** The walk that filled the reachable maps, and what each call in it may run. */
    private CallGraph callGraph;
    /** Every walked call of the task graph, into each method. */
    private Map<CtExecutable<?>, List<WalkedCall>> taskCalls;
    private TestOnlyReach taskTestOnly;

    public ForkJoinModel(CtModel spoon, Map<String, SourceFile> filesByPath, int maxCallDepth) {
        this(spoon, filesByPath, maxCallDepth, true);
    }

    /**
     * @param commonPoolCode whether to find the code that runs in the common pool outside tasks and its call
     *                       graph ({@link #commonPoolReachable()}): only the rules that read it need it, and
     *                       on a large project it can reach far (a parser's whole front end from one test)
     */
    public ForkJoinModel(CtModel spoon, Map<String, SourceFile> filesByPath, int maxCallDepth, boolean commonPoolCode) {
        this(spoon, filesByPath, maxCallDepth, commonPoolCode, Set.of());
    }

    /**
     * @param createdOutside simple names of the classes that code left out of this model creates (a focused
     *                       model blanks the bodies task code cannot reach): calls dispatch to them as well
     */
    public ForkJoinModel(CtModel spoon, Map<String, SourceFile> filesByPath, int maxCallDepth, boolean commonPoolCode,
                         Set<String> createdOutside) {
        this(spoon, filesByPath, maxCallDepth, commonPoolCode, createdOutside, new ResolvedCalls());
    }

    /**
     * The model of {@code spoon} after an edit inside the bodies of the file at {@code edited}, whose unit was
     * replaced in the Spoon model {@code before} was built on: the calls {@code before} resolved stay resolved
     * where the edit cannot change them ({@link ResolvedCalls}).
     */
    public ForkJoinModel(CtModel spoon, Map<String, SourceFile> filesByPath, int maxCallDepth, boolean commonPoolCode,
                         Set<String> createdOutside, ForkJoinModel before, Path edited) {
        this(spoon, filesByPath, maxCallDepth, commonPoolCode, createdOutside,
                before.resolvedCalls.afterBodyEdit(edited));
    }

    private ForkJoinModel(CtModel spoon, Map<String, SourceFile> filesByPath, int maxCallDepth, boolean commonPoolCode,
                          Set<String> createdOutside, ResolvedCalls resolvedCalls) {
        this.resolvedCalls = resolvedCalls;
        this.createdOutside = createdOutside;
        this.spoon = spoon;
        this.files = new ModelFiles(filesByPath);
        this.elements = new ModelElements(spoon);
        this.declarations = new Declarations(elements.types);
        this.allocationSites = new AllocationSites(declarations);
        this.types = new JavaTypes(declarations);
        this.api = new ForkJoinApi(types);
        this.poolValues = new PoolValues(elements, types, api, declarations, false);
        this.runningPools = Lazy.of("the pools that run submitted work", () -> new PoolValues(elements, types, api, declarations, true));
        this.poolFields = new PoolFields(elements, types, poolValues);
        this.workerGuards = new WorkerGuards(types, declarations, new WorkerNames(elements, types, element -> !inTestSources(element)));
        // Asked by the rules only, after the walks: a rename of the current thread counts where they reach.
        WorkerGuards walkedGuards = new WorkerGuards(types, declarations, new WorkerNames(elements, types,
                element -> !inTestSources(element) && mayRunOnWorker(element)));
        this.workerExecutors = new WorkerExecutors(types, api, declarations, walkedGuards, poolFields, allocationSites,
                this::taskCallsInto);
        TaskEntries.Found found = new TaskEntries(elements, types, api, declarations, createdOutside, poolFields,
                poolValues, allocationSites, workerExecutors,
                new CreatedTasks(elements, types, createdOutside, this::inTestSources)).find();
        taskClasses.addAll(found.taskClasses());
        entries.addAll(found.entries());
        forkingMethods.addAll(found.forkingMethods());
        forwarderNames = found.forwarderNames();
        submittedUnknown = found.submittedUnknown();
        if (commonPoolCode) {
            commonPool.find(elements, types, declarations, createdOutside);
        }
        buildCallGraph(maxCallDepth, commonPoolCode);
        lockSharing = Lazy.of("the lock-sharing judgement", () -> new LockSharing(this, elements));
        loneTasks = Lazy.of("the lone-task judgement", () -> new LoneTasks(elements, types, api, entries, taskCalls, this::isTaskCode));
        guessedReach = Lazy.of("the guessed reach", () -> new GuessedReach(taskCalls, callGraph::guessedDispatch, false));
    }

    /**
     * Whether {@code target} reads an {@code Executor}/{@code ExecutorService} field that may hold a
     * fork/join pool (initialized with one, or set from a constructor argument some caller passes one).
     */
    public boolean mayHoldPool(CtExpression<?> target) {
        return poolFields.mayHoldPool(target);
    }

    /**
     * Whether {@code target}, typed as a plain {@code Executor}/{@code ExecutorService}, may be a fork/join
     * pool: a field that holds one, or a getter, factory, local or parameter that gives one.
     */
    public boolean mayBePool(CtExpression<?> target) {
        return poolFields.mayHoldPool(target) || poolValues.executorPool(target) != null;
    }

    /**
     * Whether {@code target} reads a private field or a local that only ever holds thread pools
     * ({@code Executors.newFixedThreadPool(..)}, {@code new ThreadPoolExecutor(..)}): never a fork/join pool.
     */
    public boolean onlyThreadPools(CtExpression<?> target) {
        return poolFields.onlyThreadPools(types, allocationSites, target);
    }

    /**
     * Whether {@code target}, evaluated by task code on a pool worker, only ever gives executors that are no
     * fork/join pool ({@link WorkerExecutors}): what a pool getter returns on the paths a worker can take.
     */
    public boolean noPoolOnWorker(CtExpression<?> target) {
        return workerExecutors.noPoolOnWorker(target);
    }

    /** The framework of a fork/join pool that the field {@code target} reads is set to; {@code null} if none. */
    public Framework heldPoolFramework(CtExpression<?> target) {
        return poolFields.framework(target);
    }

    public CtModel spoon() {
        return spoon;
    }

    public JavaTypes types() {
        return types;
    }

    public ForkJoinApi api() {
        return api;
    }

    public List<CtClass<?>> taskClasses() {
        return Collections.unmodifiableList(taskClasses);
    }

    public List<TaskEntry> entries() {
        return Collections.unmodifiableList(entries);
    }

    /** Every method, constructor and submitted lambda that runs as task code, entries first. */
    public Collection<Reach> reachable() {
        return Collections.unmodifiableCollection(reachable.values());
    }

    /**
     * Every method, constructor and function that runs in the common pool outside task code's own entries:
     * the functions of parallel streams (not those started from task code, which run in the task's pool) and
     * of {@code *Async} calls without an executor, code submitted to {@code commonPool()}, and what they call.
     * A method may be here and in {@link #reachable()}.
     */
    public Collection<Reach> commonPoolReachable() {
        return commonPool.reachable();
    }

    /**
     * {@link #commonPoolReachable()} walked apart from each function that runs in the common pool, in source
     * order: a method that two functions call is reached from both, each with its own call path, where the
     * shared walk keeps only the first.
     */
    public Map<CommonPoolCode.CommonPoolEntry, Collection<Reach>> commonPoolReachableByEntry() {
        return commonPool.reachableByEntry(callGraph, failedParts);
    }

    /**
     * The parts of this model built on first use that failed on some of their input, each saying what the rules
     * reading them went without; reported as problems after the rules ran. (A part that fails whole fails each
     * rule that asks for it instead: {@link Lazy}.)
     */
    public List<String> failedParts() {
        return Collections.unmodifiableList(failedParts);
    }

    /** How the common-pool entry of {@code reach} gets into the common pool. */
    public CommonPoolCode.CommonPoolEntry commonPoolEntryOf(Reach reach) {
        return commonPool.entryOf(reach.entry());
    }

    /** Calls from task code whose target has no source body in the model (JDK, libraries, missing files). */
    /** Qualified names of the classes created as submitted work whose declarations the model lacks. */
    public Set<String> submittedUnknown() {
        return submittedUnknown;
    }

    public Set<CtExecutableReference<?>> unresolvedCalls() {
        return callGraph.unresolvedCalls();
    }

    /** How many distinct implementations a call on another object may dispatch to. */
    public static final int MAX_DISPATCH_FAN_OUT = Dispatch.MAX_FAN_OUT;

    /**
     * Qualified names of the receiver types of virtual calls in task code that dispatch to source
     * overrides, each with whether one such call is unbounded (on {@code this} in a task: then every
     * subtype counts) and the methods called: a focused model must hold the files that declare their
     * subtypes.
     */
    public Map<String, DispatchedType> dispatchedTypes() {
        return commonPool.withDispatched(callGraph.dispatchedTypes());
    }

    /**
     * Names of the methods (or classes, for constructors) whose call sites, and of the queue fields whose
     * puts, the call graph searched for functions passed on to task code: a focused model must hold every
     * file that mentions them, as the full model would.
     */
    public Set<String> flowSearchedNames() {
        return callGraph.flowSearchedNames();
    }

    /**
     * Names of the fields and methods whose type holds a fork/join pool (also as an array element or a
     * type argument), and of the methods that submit their parameter to one: code in other files that
     * submits a lambda through them is task code, even if that file never names a pool type itself.
     */
    public Set<String> poolHolderNames() {
        Set<String> names = new HashSet<>(forwarderNames);
        for (CtField<?> field : elements.fields) {
            if (mentionsPool(field.getType())) {
                names.add(field.getSimpleName());
            }
        }
        for (CtMethod<?> method : elements.methods) {
            if (mentionsPool(method.getType())) {
                names.add(method.getSimpleName());
            }
        }
        names.addAll(poolValues.holderNames());
        return names;
    }

    private boolean mentionsPool(CtTypeReference<?> type) {
        if (type == null) {
            return false;
        }
        if (type instanceof CtArrayTypeReference<?> array) {
            return mentionsPool(array.getComponentType());
        }
        return types.is(type, Role.POOL) || type.getActualTypeArguments().stream().anyMatch(this::mentionsPool);
    }

    /** How the code containing {@code element} is reached from task code, or {@code null} if it is not task code. */
    public Reach reachOf(CtElement element) {
        if (workerGuards.offWorker(element)) {
            return null;
        }
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtExecutable<?> executable) {
                Reach reach = reachable.get(executable);
                if (reach != null) {
                    return callGraph.constantRuledOut(element, executable) ? null : reach;
                }
            }
            if (e instanceof CtType<?>) {
                return null;
            }
        }
        return null;
    }

    /**
     * The user's source methods a call from task code may run: the bound method, the overrides in
     * instantiated subtypes, the lambdas of a functional interface (see {@link Dispatch}).
     */
    public List<CtExecutable<?>> callTargets(CtAbstractInvocation<?> call) {
        return callGraph.targets(call);
    }

    /**
     * The class a walked virtual call was narrowed to, because its receiver only ever holds a new instance of
     * it (a local or field assigned in one place), instead of every override; {@code null} for other calls.
     */
    public CtType<?> narrowedTo(CtElement call) {
        return callGraph.narrowedTo(call);
    }

    /**
     * How a walked call of a functional interface's method found what it runs: traced to the functions that
     * flow to its receiver, or, where some origin is unknown, every implementation its type allows; {@code null}
     * for other calls.
     */
    public String functionNarrowing(CtElement call) {
        return callGraph.functionNarrowing(call);
    }

    /** The source declaration (with a body) a call resolves to, or {@code null} for JDK, library or missing code. */
    public CtExecutable<?> sourceDeclaration(CtExecutableReference<?> reference) {
        CtExecutable<?> declaration = declarationOf(reference);
        return declaration == null || declaration.getBody() == null || fileOf(declaration) == null ? null : declaration;
    }

    public boolean isTaskCode(CtElement element) {
        return reachOf(element) != null;
    }

    /** Task code, or code that runs in the common pool ({@link #commonPoolReachable()}). */
    private boolean mayRunOnWorker(CtElement element) {
        CtExecutable<?> executable = element instanceof CtExecutable<?> self ? self : element.getParent(CtExecutable.class);
        return isTaskCode(element) || executable != null && commonPool.reaches(executable);
    }

    /**
     * The blocks of task code that hold a {@code fork()} call at any depth, in a stable order: the only ones
     * whose {@link TaskTimeline} can show a fork, so the fork/join order rules read just these (on h2o-2,
     * building a timeline for every block of its task code took over 100 s).
     */
    public List<CtBlock<?>> blocksThatFork() {
        if (blocksThatFork == null) {
            Set<CtElement> marked = Collections.newSetFromMap(new IdentityHashMap<>());
            for (CtInvocation<?> call : taskCodeElements(CtInvocation.class)) {
                if (api.isFork(call)) {
                    for (CtElement e = call; e.isParentInitialized() && !(e instanceof CtExecutable<?>); e = e.getParent()) {
                        if (e instanceof CtBlock<?> && !marked.add(e)) {
                            break; // its enclosing blocks are marked already
                        }
                    }
                }
            }
            List<CtBlock<?>> blocks = new ArrayList<>();
            for (CtBlock<?> block : taskCodeElements(CtBlock.class)) {
                if (marked.contains(block)) {
                    blocks.add(block);
                }
            }
            blocksThatFork = List.copyOf(blocks);
        }
        return blocksThatFork;
    }

    /** Every element of {@code type} in task code, each once, in a stable order. */
    public <T extends CtElement> List<T> taskCodeElements(Class<T> type) {
        Set<CtElement> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<T> out = new ArrayList<>();
        for (Reach reach : reachable.values()) {
            for (T element : CodeScan.elementsIn(reach.executable(), type)) {
                if (seen.add(element) && !workerGuards.offWorker(element)
                        && !callGraph.constantRuledOut(element, reach.executable())) {
                    out.add(element);
                }
            }
        }
        return out;
    }

    /**
     * Whether {@code element} is where a check of the current thread has ruled out a pool worker
     * ({@code if (!ForkJoinTask.inForkJoinPool())}): such code is not task code, and the call graph does not
     * follow its calls.
     */
    public boolean offWorker(CtElement element) {
        return workerGuards.offWorker(element);
    }

    /** Every method call in the model, collected once when it was built (not only task code). */
    public List<CtInvocation<?>> invocations() {
        return Collections.unmodifiableList(elements.invocations);
    }

    /** Every {@code new} expression in the model (anonymous classes' too), collected with {@link #invocations()}. */
    public List<CtConstructorCall<?>> constructorCalls() {
        return Collections.unmodifiableList(elements.constructorCalls);
    }

    /** Every method and constructor reference in the model, collected with {@link #invocations()}. */
    public List<CtExecutableReferenceExpression<?, ?>> methodReferences() {
        return Collections.unmodifiableList(elements.methodReferences);
    }

    /** What classes a variable can hold, from the values stored in it (indexed on first use). */
    public AllocationSites allocationSites() {
        return allocationSites;
    }

    /**
     * Whether the parallel pipeline {@code entry} runs in is parallel on some paths only
     * ({@code p ? s.parallel() : s}): its functions may run in the common pool.
     */
    public boolean parallelOnSomePathsOnly(CommonPoolCode.CommonPoolEntry entry) {
        CtInvocation<?> step = entry.forwarded() != null ? entry.forwarded() : entry.runner();
        return entry.via() == CommonPoolCode.Via.PARALLEL_STREAM && step != null
                && parallelPipelines().parallelOnSomePathsOnly(step);
    }

    /** The call that makes the parallel pipeline of the step {@code entry} hands its function to parallel, or {@code null}. */
    public CtInvocation<?> madeParallel(CommonPoolCode.CommonPoolEntry entry) {
        CtInvocation<?> step = entry.forwarded() != null ? entry.forwarded() : entry.runner();
        return entry.via() == CommonPoolCode.Via.PARALLEL_STREAM && step != null ? parallelPipelines().madeParallel(step) : null;
    }

    private boolean runsInOwnPool(CtInvocation<?> call) {
        return isTaskCode(call) || OwnPoolSubmissions.runIn(call, types, runningPools.get());
    }

    /** Whether pipelines run in parallel (a new judge: it keeps no state). */
    ParallelPipelines parallelPipelines() {
        return new ParallelPipelines(types, declarations);
    }

    /** Who else can take the locks task code takes (built on first use). */
    public LockSharing lockSharing() {
        return lockSharing.get();
    }

    /**
     * Whether task code reaches {@code reach}'s method only from entries that run alone ({@link LoneTasks}): each
     * the only submission to a pool made for it, forking nothing. No other task of that pool waits behind a lock
     * or a pause there.
     */
    public boolean reachedOnlyFromLoneTasks(Reach reach) {
        return loneTasks.get().reachedOnlyFromLoneTasks(reach.executable());
    }

    /**
     * Whether every path to {@code reach}'s method from task code (in the common pool: from {@code reach}'s entry) passes
     * a call whose receiver could not be traced and whose targets are every implementation of its type ({@link GuessedReach}).
     */
    public boolean reachedOnlyByGuess(Reach reach) {
        return (commonPool.entryOf(reach.entry()) != null ? commonPool.guessedReach() : guessedReach.get()).onlyGuessed(reach);
    }

    /**
     * Whether a call on {@code reach}'s own path from its entry had its targets found by type after its receiver
     * could not be traced ({@link GuessedReach}): the path it names may be one the program never takes.
     */
    public boolean guessedOnPath(Reach reach) {
        return reach.steps().stream().anyMatch(step -> step.callSite() != null && callGraph.guessedDispatch(step.callSite()));
    }

    /** The files the Spoon model was built from. */
    public Collection<SourceFile> files() {
        return files.files();
    }

    /** The analysed file Spoon knows by {@code spoonPath} (a position's file path), or {@code null}. */
    public SourceFile fileAt(String spoonPath) {
        return files.fileAt(spoonPath);
    }

    public SourceFile fileOf(CtElement element) {
        return files.fileOf(element);
    }

    /** The element's location, or {@code null} for implicit elements without a position. */
    public Location location(CtElement element) {
        return files.location(element);
    }

    /**
     * Where a call of a chain is written: from its method's name to its end ({@code .parallel()} on its own line
     * below {@code list.stream()}), not from the chain's start, where its position begins; any other element's
     * {@link #location}.
     */
    public Location nameLocation(CtElement element) {
        return files.nameLocation(element);
    }

    /** {@code Type.method()} as reports name an executable. */
    public static String label(CtExecutable<?> executable) {
        if (executable instanceof CtLambda<?> lambda) {
            CtExecutable<?> enclosing = lambda.getParent(CtExecutable.class);
            return enclosing == null ? "lambda" : "lambda in " + label(enclosing);
        }
        CtType<?> owner = executable.getParent(CtType.class);
        String ownerName = owner == null ? "" : (owner.isAnonymous() ? "anonymous " + superName(owner) : owner.getSimpleName()) + ".";
        String name = executable instanceof CtMethod<?> ? executable.getSimpleName() : "<init>";
        return ownerName + name + "()";
    }

    private static String superName(CtType<?> type) {
        return type.getSuperclass() != null ? type.getSuperclass().getSimpleName()
                : type.getSuperInterfaces().stream().findFirst().map(r -> r.getSimpleName()).orElse("class");
    }

    /**
     * What a library call does to the worker, from the one API table; {@code null} for calls that
     * resolve to the user's own source (a project class implementing {@code Future} or {@code Lock}):
     * its body is followed instead, and a wait it wraps in {@code managedBlock} is no finding. So too for a call
     * whose receiver only ever holds a new instance of a project class that overrides the library method, and
     * for a put into a queue that is never full.
     */
    public Apis.Api libraryEffectOf(CtInvocation<?> call) {
        CtExecutable<?> target = sourceDeclaration(call.getExecutable());
        CtType<?> owner = target == null ? null : target.getParent(CtType.class);
        if (owner != null && !LibraryBoundary.isLibrary(owner.getReference())) {
            return null;
        }
        // the receiver's allocations are followed only for a call that has an effect to lose
        Apis.Api effect = api.effectOf(call);
        return effect == null || runsAllocatedOverride(call)
                || api.matches(Apis.QUEUE_PUT, call) && UnboundedQueues.neverFull(this, call) ? null : effect;
    }

    /**
     * Whether {@code call}'s receiver only ever holds a new instance of a project class that declares the method
     * called: that body runs whatever type the receiver is declared as, and the call graph walks it.
     */
    public boolean runsAllocatedOverride(CtInvocation<?> call) {
        return allocationSites.allocatedImplementation(call, read -> { }) != null;
    }

    private void buildCallGraph(int maxDepth, boolean commonPoolCode) {
        callGraph = new CallGraph(new Dispatch(elements, types, declarations, createdOutside, allocationSites,
                resolvedCalls), this, maxDepth);
        callGraph.walk(entries, reachable);
        callGraph.walk(forkingMethods, reachable);
        // Branches the reaching calls' constant arguments rule out (ConstantGuards): walked again without
        // them, only in the rare model that has one.
        Set<CtAbstractInvocation<?>> ruledOut = callGraph.constantRuledOut();
        taskCalls = callGraph.takeCalls();
        if (!ruledOut.isEmpty()) {
            reachable.clear();
            callGraph.ruleOut(ruledOut);
            callGraph.walk(entries, reachable);
            callGraph.walk(forkingMethods, reachable);
            callGraph.ruleOut(Set.of());
            taskCalls = callGraph.takeCalls();
        }
        taskTestOnly = new TestOnlyReach(taskCalls, this::inTestSources);
        // what code outside task code forks into the common pool is known only once task code is
        commonPool.walk(callGraph, this::runsInOwnPool, () -> commonPoolCode
                ? new OutsideForks(elements, types, declarations).find(entries, this::isTaskCode) : List.of(),
                this::inTestSources);
    }

    /**
     * The walked calls of task code into {@code executable} (one without a caller where it is an entry), every
     * one, where {@link #reachOf} keeps a single path: empty when task code does not reach it.
     */
    public List<WalkedCall> taskCallsInto(CtExecutable<?> executable) {
        return taskCalls.getOrDefault(executable, List.of());
    }

    /**
     * When only tests run the code {@code reach} reaches (every walked path to it from task code, or from code
     * in the common pool, starts in test sources or passes through them), the first test-source method on
     * {@code reach}'s path; {@code null} when production code reaches it too.
     */
    public CtExecutable<?> testCodeOnPath(Reach reach) {
        return (commonPool.entryOf(reach.entry()) != null ? commonPool.testOnly() : taskTestOnly).testCodeOnPath(reach);
    }

    /** Whether {@code element} is declared in test sources ({@link TestSources}). */
    public boolean inTestSources(CtElement element) {
        return files.inTestSources(element);
    }

    private CtExecutable<?> declarationOf(CtExecutableReference<?> reference) {
        return declarations.executable(reference);
    }

    /** Source order: file, then offset; elements without a position last. */
    public static final Comparator<CtElement> BY_POSITION = Comparator
            .comparing((CtElement e) -> e.getPosition().isValidPosition() && e.getPosition().getFile() != null
                    ? e.getPosition().getFile().getPath() : "\uffff")
            .thenComparingInt(e -> e.getPosition().isValidPosition() ? e.getPosition().getSourceStart() : Integer.MAX_VALUE);
}
