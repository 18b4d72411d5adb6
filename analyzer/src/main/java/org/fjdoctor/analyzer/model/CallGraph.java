package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The call graph from task code (and, separately, from code in the common pool): breadth first from the
 * entries over what {@link Dispatch} says each call may run, up to {@code --depth} calls that may
 * dispatch. A call with one target that nothing can override (a static, private or final method, a
 * constructor) is followed without counting: it adds no imprecision, and library code reaches its locks
 * through chains of such helpers (eclipse-collections' map resize is ten calls deep, five of them
 * private). Each method keeps a call path with the fewest counted calls. The walk remembers what every
 * call it walked may run, and which calls into the project's own code it could not resolve (a focused
 * model needs those files).
 */
final class CallGraph {

    private static final Set<ModifierKind> EXACT = Set.of(ModifierKind.STATIC, ModifierKind.PRIVATE, ModifierKind.FINAL);

    private final Dispatch dispatch;
    private final ForkJoinModel model;
    private final int maxDepth;
    // Lifetimes: targets and unresolved are read for as long as the model is (rules, the focused scope); incoming
    // and guarded only by constantRuledOut(), which hands incoming on and ends both; calls until each take, and not
    // kept for walks whose edges no one takes; callsIn until the last walk. A warm engine builds a new CallGraph
    // with each new model, so none of them outlives its model's elements.
    /** What each walked call may run: the first walk's answer (later walks ask again only of new calls). */
    private final Map<CtAbstractInvocation<?>, List<CtExecutable<?>>> targets = new IdentityHashMap<>();
    private final Map<CtExecutableReference<?>, Boolean> unresolved = new IdentityHashMap<>();
    /**
     * For each method walked into, the call sites it was entered from ({@code null} for an entry); {@code null}
     * once {@link #constantRuledOut()} has judged them.
     */
    private Map<CtExecutable<?>, List<CtElement>> incoming = new IdentityHashMap<>();
    /**
     * For each method walked into, every walked call that entered it with the method making that call ({@code
     * null} for an entry): the edges of the graph, where {@link Reach} keeps one path per method; {@code null}
     * while a walk keeps no edges ({@link #walkReachOnly}).
     */
    private Map<CtExecutable<?>, List<WalkedCall>> calls = new IdentityHashMap<>();
    /**
     * Walked calls under a branch that tests a parameter of the method they are in, with that method; {@code null}
     * once {@link #constantRuledOut()} has judged them.
     */
    private Map<CtAbstractInvocation<?>, CtExecutable<?>> guarded = new IdentityHashMap<>();
    /** Calls a constant argument rules out ({@link ConstantGuards}): not followed while set. */
    private Set<CtAbstractInvocation<?>> ruledOut = Set.of();
    /** The task graph's judgement of constant branches, once it is walked. */
    private ConstantGuards guards;
    /** The calls in each walked method's code: every walk (the common pool's once per entry) scans the same bodies. */
    @SuppressWarnings("rawtypes")
    private final Map<CtExecutable<?>, List<CtAbstractInvocation>> callsIn = new IdentityHashMap<>();

    CallGraph(Dispatch dispatch, ForkJoinModel model, int maxDepth) {
        this.dispatch = dispatch;
        this.model = model;
        this.maxDepth = maxDepth;
    }

    /** Adds to {@code into} every method reached from {@code from} that it does not hold yet. */
    void walk(List<TaskEntry> from, Map<CtExecutable<?>, Reach> into) {
        // Breadth first with two weights: an exactly bound call goes to the front of the queue, so every
        // method is taken with the fewest counted calls; a method met again by a cheaper path in this walk
        // is entered again and its stale entry skipped. Calls on error and shutdown paths wait until
        // everything else is walked: a method they reach keeps a path through one only when it has no other
        // (ErrorPaths.only(element, reach)), however many calls shorter the error path is.
        Deque<Reach> queue = new ArrayDeque<>();
        Set<Reach> walked = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Deferred> deferred = new ArrayList<>();
        for (TaskEntry entry : from) {
            if (incoming != null) {
                incoming.computeIfAbsent(entry.executable(), k -> new ArrayList<>()).add(null);
            }
            if (calls != null) {
                calls.computeIfAbsent(entry.executable(), k -> new ArrayList<>()).add(new WalkedCall(null, null));
            }
            if (!into.containsKey(entry.executable())) {
                Reach reach = new Reach(entry.executable(), entry, 0, 0, null, null);
                into.put(entry.executable(), reach);
                walked.add(reach);
                queue.add(reach);
            }
        }
        walkQueue(queue, walked, into, deferred);
        // The second phase: a fresh set of walked reaches, so no method the first phase reached is taken again.
        Set<Reach> walkedOnErrorPaths = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Deferred call : deferred) {
            if (into.get(call.from().executable()) != call.from()) {
                continue; // met again by a cheaper path, which deferred its own calls
            }
            for (CtExecutable<?> target : call.reached()) {
                enter(target, call.from(), call.site(), call.exact(), into, queue, walkedOnErrorPaths);
            }
        }
        walkQueue(queue, walkedOnErrorPaths, into, null);
    }

    /**
     * {@link #walk}, keeping none of its edges: for a walk whose reach alone is wanted (the common pool's once per
     * entry), whose edges no one would take.
     */
    void walkReachOnly(List<TaskEntry> from, Map<CtExecutable<?>, Reach> into) {
        Map<CtExecutable<?>, List<WalkedCall>> kept = calls;
        calls = null;
        try {
            walk(from, into);
        } finally {
            calls = kept;
        }
    }

    /** Lets go of what only walks read (each walked method's calls): for after the last walk. */
    void walksDone() {
        callsIn.clear();
    }

    /** The walked calls into each method since the last take: each graph's edges apart. */
    Map<CtExecutable<?>, List<WalkedCall>> takeCalls() {
        Map<CtExecutable<?>, List<WalkedCall>> taken = calls;
        calls = new IdentityHashMap<>();
        return taken;
    }

    /** A call on an error or shutdown path, left for the walk's second phase. */
    private record Deferred(Reach from, CtElement site, List<CtExecutable<?>> reached, boolean exact) {
    }

    /** Walks the queue empty; calls on error paths go to {@code deferred} unless it is {@code null}. */
    private void walkQueue(Deque<Reach> queue, Set<Reach> walked, Map<CtExecutable<?>, Reach> into,
                           List<Deferred> deferred) {
        while (!queue.isEmpty()) {
            Reach reach = queue.poll();
            if (into.get(reach.executable()) != reach) {
                continue;
            }
            for (CtAbstractInvocation<?> call : callsIn.computeIfAbsent(reach.executable(),
                    executable -> CodeScan.runIn(executable, CtAbstractInvocation.class))) {
                if (model.offWorker(call) || ruledOut.contains(call)) {
                    continue;
                }
                // Walking again without the ruled-out calls: each call runs what it ran the first time.
                List<CtExecutable<?>> called = !ruledOut.isEmpty() && targets.containsKey(call) ? targets.get(call)
                        : dispatch.targets(call, model, reach);
                targets.putIfAbsent(call, called);
                if (guarded != null && ConstantGuards.underParameterTest(call, reach.executable())) {
                    guarded.put(call, reach.executable());
                }
                if (called.isEmpty()) {
                    CtExecutableReference<?> executable = onReceiverType(call);
                    if (executable != null && !LibraryBoundary.isLibrary(executable.getDeclaringType())) {
                        unresolved.put(executable, Boolean.TRUE);
                    }
                }
                List<CtExecutable<?>> reached = new ArrayList<>(ElementSources.functionsRunBy(call));
                reached.addAll(called);
                for (CtExecutable<?> passed : dispatch.functionsPassedOn(call, model, reach)) {
                    if (reached.stream().noneMatch(known -> known == passed)) {
                        reached.add(passed);
                    }
                }
                boolean exact = called.size() == 1 && reached.size() == 1 && isExactlyBound(called.get(0));
                boolean errorPath = deferred != null && ErrorPaths.onPath(call);
                if (errorPath) {
                    deferred.add(new Deferred(reach, call, reached, exact));
                }
                for (CtExecutable<?> target : errorPath ? List.<CtExecutable<?>>of() : reached) {
                    enter(target, reach, call, exact, into, queue, walked);
                }
                // The reference is the call site: a synchronized method named by this::m runs on this.
                for (CtExecutableReferenceExpression<?, ?> reference : CallerRunReferences.of(call)) {
                    CtExecutable<?> target = dispatch.referenced(reference, model, reach);
                    if (target != null && errorPath) {
                        deferred.add(new Deferred(reach, reference, List.of(target), false));
                    } else if (target != null) {
                        enter(target, reach, reference, false, into, queue, walked);
                    }
                }
            }
        }
    }

    /**
     * The called method as a reference on the receiver's type where Spoon bound it to no type at all (a call
     * after a getter Lombok generates): the focused model then adds the file that declares that type.
     */
    private static CtExecutableReference<?> onReceiverType(CtAbstractInvocation<?> call) {
        CtExecutableReference<?> executable = call.getExecutable();
        if (executable == null || executable.getDeclaringType() != null || !(call instanceof CtInvocation<?> invocation)) {
            return executable;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(invocation);
        return receiver == null ? executable : executable.clone().setDeclaringType(receiver.clone());
    }

    private void enter(CtExecutable<?> target, Reach from, CtElement site, boolean exact,
                       Map<CtExecutable<?>, Reach> into, Deque<Reach> queue, Set<Reach> walked) {
        if (incoming != null) {
            incoming.computeIfAbsent(target, k -> new ArrayList<>()).add(site);
        }
        if (calls != null) {
            calls.computeIfAbsent(target, k -> new ArrayList<>()).add(new WalkedCall(from.executable(), site));
        }
        int counted = from.countedCalls() + (exact ? 0 : 1);
        Reach known = into.get(target);
        if (counted <= maxDepth && (known == null || walked.contains(known) && counted < known.countedCalls())) {
            Reach next = new Reach(target, from.entry(), from.depth() + 1, counted, from, site);
            into.put(target, next);
            walked.add(next);
            if (exact) {
                queue.addFirst(next);
            } else {
                queue.addLast(next);
            }
        }
    }

    /**
     * Whether a call that resolves to {@code target} alone runs it and nothing else: constructors and
     * methods declared static, private or final (as written: the focused scope's body stripper reads
     * the same modifiers from the text, so both modes follow the same calls).
     */
    static boolean isExactlyBound(CtExecutable<?> target) {
        if (target instanceof CtConstructor<?>) {
            return true;
        }
        return target instanceof CtMethod<?> method && method.getExtendedModifiers().stream()
                .anyMatch(modifier -> !modifier.isImplicit() && EXACT.contains(modifier.getKind()));
    }

    /**
     * The walked calls that a constant argument rules out, judged over every call the walks so far entered
     * their method from: walking again without them only removes calls into those methods, so the judgement
     * stays sound for the smaller graph. Once: the judgement keeps the task graph's incoming calls as they are now,
     * and later walks (the common pool's, which enter methods from calls the task graph does not hold) record none.
     */
    Set<CtAbstractInvocation<?>> constantRuledOut() {
        // Not a copy of targets: later walks only add the calls they reach first, and the judgement looks up only
        // the calls in the incoming sites handed over here, each of which has its answer already.
        guards = new ConstantGuards(incoming, targets, this::neverInstance);
        incoming = null;
        Set<CtAbstractInvocation<?>> out = Collections.newSetFromMap(new IdentityHashMap<>());
        guarded.forEach((call, method) -> {
            if (guards.ruledOut(call, method)) {
                out.add(call);
            }
        });
        guarded = null;
        return out;
    }

    /**
     * Whether no value of the static type {@code type} can be an instance of {@code tested}, a type of the scanned tree:
     * {@code type} is a class of the tree (no interface, whose implementations may be lambdas or library classes) and
     * neither it nor any class of the tree that extends it is a {@code tested}.
     */
    private boolean neverInstance(CtTypeReference<?> type, CtTypeReference<?> tested) {
        CtType<?> declared = HalfResolved.typeDeclaration(type);
        CtType<?> testedType = HalfResolved.typeDeclaration(tested);
        if (declared == null || testedType == null || declared.isInterface() || !declared.getPosition().isValidPosition()
                || !testedType.getPosition().isValidPosition() || type.isArray() || type.isGenerics()) {
            return false;
        }
        String name = tested.getQualifiedName();
        List<CtType<?>> classes = dispatch.sourceSubclasses(declared.getQualifiedName());
        return !classes.isEmpty() && classes.stream().noneMatch(subclass -> model.types().supertypes(subclass.getReference()).contains(name));
    }

    /**
     * Whether {@code element}, in the walked {@code method}, is in a branch the constant arguments of the task
     * graph's calls rule out; {@code false} before {@link #constantRuledOut} judged them.
     */
    boolean constantRuledOut(CtElement element, CtExecutable<?> method) {
        return guards != null && guards.ruledOut(element, method);
    }

    /** Calls the next walks do not follow ({@link #constantRuledOut}); empty to follow all again. */
    void ruleOut(Set<CtAbstractInvocation<?>> calls) {
        ruledOut = calls;
    }

    /** What a walked call may run; empty for calls the walk did not reach. */
    List<CtExecutable<?>> targets(CtAbstractInvocation<?> call) {
        return targets.getOrDefault(call, List.of());
    }

    /** The class a virtual call was narrowed to by its receiver's allocations ({@link Dispatch}), or {@code null}. */
    CtType<?> narrowedTo(CtElement call) {
        return call instanceof CtInvocation<?> invocation ? dispatch.narrowedTo(invocation) : null;
    }

    /** How a walked call of a functional interface's method found its targets ({@link FunctionTargets}), or {@code null}. */
    String functionNarrowing(CtElement call) {
        FunctionTargets.Narrowing narrowing = narrowing(call);
        return narrowing == null ? null : narrowing.text();
    }

    /**
     * Whether a walked call's targets were every implementation of its type, its receiver not traced, or several
     * functions registered in one container and looked up by a key there ({@link FunctionTargets.Narrowing#guessed}).
     * A call on a
     * fork/join task object ({@code dt.onAckAck()}, {@code h2o.onExceptionalCompletion(..)} on a task taken from a
     * queue) is no guess: the program builds its task classes to run them on the workers, and the runtime calls
     * their hooks there for whichever task a worker holds, as a task base class's call of its own hook on
     * {@code this} runs every subclass's ({@link Dispatch#MAX_FAN_OUT}).
     */
    boolean guessedDispatch(CtElement call) {
        FunctionTargets.Narrowing narrowing = narrowing(call);
        return narrowing != null && narrowing.guessed()
                && !model.types().isForkJoinTask(MethodMatcher.receiverType((CtInvocation<?>) call));
    }

    private FunctionTargets.Narrowing narrowing(CtElement call) {
        return call instanceof CtInvocation<?> invocation ? dispatch.functionNarrowing(invocation) : null;
    }

    Set<CtExecutableReference<?>> unresolvedCalls() {
        return Collections.unmodifiableSet(unresolved.keySet());
    }

    Map<String, DispatchedType> dispatchedTypes() {
        return Collections.unmodifiableMap(dispatch.receivers());
    }

    Set<String> flowSearchedNames() {
        return Collections.unmodifiableSet(dispatch.flowSearchedNames());
    }
}
