package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Where a call from task code can go, in the user's own code: the statically bound method, every
 * source override in a subtype of the receiver's static type that the program instantiates (class
 * hierarchy analysis narrowed as RTA does), and the lambdas and method references that implement a
 * functional interface when the interface's method is called, with those that flow to the call through
 * parameters and queues ({@link FunctionFlow}). Targets in library code
 * ({@link LibraryBoundary}: the JDK, the fork/join frameworks) are never followed, even when their
 * source is in the scanned tree; overrides of a library method in the user's code are.
 */
final class Dispatch {

    /**
     * More implementations than this make a call too ambiguous to follow (a generic visitor, Runnable.run,
     * a game's observers). Calls on {@code this} in a task are not bounded: a task base class calling its
     * own abstract hook (the template-method shape of crawlers) runs every subclass's.
     */
    static final int MAX_FAN_OUT = 32;

    private final JavaTypes types;
    private final Declarations declarations;
    /** The overrides in instantiated subtypes a virtual call may run. */
    private final SubtypeOverrides overrides;
    private final FunctionFlow flow;
    private final FunctionTargets functionTargets;
    private final HeldFunctions heldFunctions;
    /** Virtual calls sent to one class's implementation because the receiver is only ever a new instance of it. */
    private final Map<CtInvocation<?>, CtType<?>> narrowed = new IdentityHashMap<>();
    /** Receiver types of the virtual calls dispatched: their subtypes belong in a focused model. */
    private final Map<String, Receiver> receivers = new LinkedHashMap<>();
    /** The answers kept between walks, and between models after an edit inside one unit's bodies. */
    private final ResolvedCalls resolved;
    /** What the call being resolved reads and records besides its targets. */
    private CallEffects effects;

    /** How task code calls through one receiver type: once unbounded (on this in a task), and which method names. */
    private static final class Receiver {
        boolean unbounded;
        final Set<String> methods = new TreeSet<>();
    }

    /**
     * @param createdOutside simple names of classes created in code outside the model (a focused model's
     *                       blanked bodies): created for RTA too, as the full model would see them created
     */
    Dispatch(ModelElements model, JavaTypes types, Declarations declarations, Set<String> createdOutside,
             AllocationSites allocationSites, ResolvedCalls resolved) {
        this.resolved = resolved;
        this.types = types;
        this.declarations = declarations;
        this.flow = new FunctionFlow(model, types, declarations, allocationSites);
        this.functionTargets = new FunctionTargets(flow, resolved.singleAbstractMethods());
        this.heldFunctions = new HeldFunctions(model, types, declarations);
        this.overrides = new SubtypeOverrides(model, types, declarations, createdOutside, heldFunctions);
        resolved.settle(new ResolvedCalls.Facts(Set.copyOf(overrides.instantiated()),
                Set.copyOf(overrides.taskInstantiated()), Set.copyOf(createdOutside), heldFunctions.summary()));
    }

    /**
     * The source executables (with bodies, outside library code) that {@code call} may run. Inside a
     * task class declared in library code (the JDK's stream tasks, BigInteger's Toom-Cook tasks), calls
     * into the task's own top-level class are the task's own code and followed too.
     */
    List<CtExecutable<?>> targets(CtAbstractInvocation<?> call, ForkJoinModel model, Reach reach) {
        ResolvedCalls.Resolution known = resolved.get(call);
        if (known != null) {
            known.effects().replay(this, call);
            return known.targets();
        }
        effects = new CallEffects();
        List<CtExecutable<?>> targets = List.copyOf(resolve(call, model, reach));
        if (!effects.pathRead()) {
            resolved.put(call, new ResolvedCalls.Resolution(targets, effects, effects.files(call, targets, model)));
        }
        effects = null;
        return targets;
    }

    private List<CtExecutable<?>> resolve(CtAbstractInvocation<?> call, ForkJoinModel model, Reach reach) {
        TaskEntry entry = reach.entry();
        Map<CtExecutable<?>, Boolean> targets = new IdentityLinkedMap<>(); // an ordered identity set
        CtExecutableReference<?> reference = call.getExecutable();
        CtExecutable<?> bound = declarations.executable(reference);
        if (bound == null && reference.getDeclaringType() == null && call instanceof CtInvocation<?> invocation) {
            bound = onRepairedReceiver(invocation);
        }
        effects.read(bound);
        CtExecutable<?> fitting = OverloadFit.of(call, bound, types);
        if (fitting != bound) {
            bound = fitting; // a missing argument type let the compiler bind another overload
            effects.read(bound);
        }
        if (isUserCode(bound, model)) {
            targets.put(bound, true);
        } else if (bound != null && bound.getBody() != null) {
            effects.readPath(); // whether it is the task's own library code depends on the entry
            if (isTasksOwnLibraryCode(bound, entry, model)) {
                targets.put(bound, true);
            }
        }
        if (call instanceof CtInvocation<?> invocation && isVirtual(invocation, bound)) {
            List<CtExecutable<?>> answer = virtualTargets(invocation, bound, model, reach, targets);
            if (answer != null) {
                return answer;
            }
        } else if (call instanceof CtInvocation<?> invocation && bound instanceof CtMethod<?> method
                && method.hasModifier(ModifierKind.FINAL) && !method.isStatic() && targets.containsKey(bound)) {
            narrowFinal(invocation, model, reach);
        }
        return new ArrayList<>(targets.keySet());
    }

    /**
     * Adds what the virtual call {@code invocation} may run to {@code targets}, its bound method's already there;
     * returns the whole answer instead where the receiver settles it (one class's new instance, a complete trace
     * of the functions it holds), else {@code null}.
     */
    private List<CtExecutable<?>> virtualTargets(CtInvocation<?> invocation, CtExecutable<?> bound, ForkJoinModel model,
                                                 Reach reach, Map<CtExecutable<?>, Boolean> targets) {
        CtExecutableReference<?> reference = invocation.getExecutable();
        boolean onThis = isOnThis(invocation);
        List<CtExecutable<?>> allocated = allocatedTarget(invocation, onThis, model, reach);
        if (allocated != null) {
            return allocated;
        }
        CtTypeReference<?> receiver = onThis ? enteredAs(reach, thisType(invocation)) : MethodMatcher.receiverType(invocation);
        // Only a task's own hooks are unbounded: elsewhere (33 game observers' process()) a call on this
        // is as ambiguous as any other once it has more implementations than the bound.
        boolean unbounded = onThis && types.isForkJoinTask(receiver);
        // Object's methods would dispatch to every class; other receivers (a project interface, or a
        // library one such as Runnable) are bounded by MAX_FAN_OUT distinct implementations.
        if (receiver != null && !receiver.getQualifiedName().equals("java.lang.Object")) {
            effects.dispatchedOn(receiver.getQualifiedName(), unbounded, reference.getSimpleName());
            dispatchedOn(receiver.getQualifiedName(), unbounded, reference.getSimpleName());
        }
        boolean usersType = receiver != null && overrides.isUsersType(receiver);
        boolean abstractBound = bound == null || bound.getBody() == null;
        List<CtExecutable<?>> byType = receiver == null || receiver.getQualifiedName().equals("java.lang.Object")
                ? List.of() : overrides.of(receiver, Signature.of(reference, arity(invocation, bound)), model, unbounded);
        // A method with a body that an instantiated subtype overrides is as open as an abstract one: which body
        // runs depends on the object the receiver holds, so that is traced first as well.
        boolean overridden = !abstractBound && byType.size() > (byType.contains(bound) ? 1 : 0);
        boolean traceable = !onThis && (abstractBound || overridden);
        FunctionFlow.Traced traced = traceable ? functionTargets.traced(invocation, receiver, usersType, reach) : null;
        effects.traced(traced); // a trace may follow the path's parameters
        if (traced != null && traced.complete() && traced.functions().size() <= MAX_FAN_OUT) {
            // Every value the receiver holds was followed to where it was made: those functions are all it
            // runs. More than the bound make it a generic callback (a stats kernel's applier of 111
            // functions), as ambiguous as the type's implementations: the bound's rules below decide.
            List<CtExecutable<?>> flowed = traced.functions().stream().filter(function -> isUserCode(function, model))
                    .toList();
            record(invocation, receiver, usersType, true, traced.keyed(), flowed.size());
            return flowed;
        }
        byType.forEach(target -> targets.putIfAbsent(target, true));
        if (abstractBound) {
            heldFunctions.functions(receiver, usersType).forEach(target -> targets.putIfAbsent(target, true));
            if (!onThis) {
                // the receiver's trace above, when one was tried (a call here is always traceable)
                FunctionFlow.Traced flowed = traced != null ? traced : flow.trace(invocation, reach);
                effects.traced(flowed);
                if (flowed.functions().size() <= MAX_FAN_OUT) {
                    flowed.functions().stream().filter(function -> isUserCode(function, model))
                            .forEach(target -> targets.putIfAbsent(target, true));
                }
            }
        }
        if (!onThis || !unbounded) {
            // A by-type fallback is noted where a trace was tried (a call of an abstract or overridden method)
            // and on this outside a task's own hooks, where the object the method runs on was not traced.
            record(invocation, receiver, usersType && (abstractBound || overridden), false, false, targets.size());
        }
        return null;
    }

    /**
     * The one target of a virtual call whose receiver only ever holds a new instance of one class (on {@code this},
     * of the class the walk entered the method through), or {@code null} where it may hold others.
     */
    private List<CtExecutable<?>> allocatedTarget(CtInvocation<?> invocation, boolean onThis, ForkJoinModel model,
                                                  Reach reach) {
        if (onThis) {
            effects.readPath(); // this follows the receiver the walk entered the method on
        } else {
            effects.readStores(invocation.getTarget());
        }
        CtType<?> allocated = onThis ? narrowedThis(reach)
                : model.allocationSites().exactType(invocation.getTarget(), effects::read);
        CtExecutable<?> implementation = allocated == null ? null
                : declarations.implementation(allocated, Signature.of(invocation.getExecutable(),
                    invocation.getExecutable().getParameters().size()));
        if (implementation != null) {
            // The receiver only ever holds a new C(..): C's implementation is the one target.
            effects.narrowed(invocation, allocated);
            effects.read(implementation);
            narrowed(invocation, allocated);
            return isUserCode(implementation, model) ? List.of(implementation) : List.of();
        }
        return null;
    }

    /**
     * A final method has one target, but the object it runs on still decides its own calls on {@code this}: noted
     * as a virtual call's is ({@link #narrowedThis}) where the receiver only ever holds one class's new instance.
     */
    private void narrowFinal(CtInvocation<?> invocation, ForkJoinModel model, Reach reach) {
        boolean onThis = isOnThis(invocation) || invocation.getTarget() instanceof CtSuperAccess<?>;
        if (onThis) {
            effects.readPath();
        } else {
            effects.readStores(invocation.getTarget());
        }
        CtType<?> allocated = onThis ? narrowedThis(reach)
                : model.allocationSites().exactType(invocation.getTarget(), effects::read);
        if (allocated != null) {
            effects.narrowed(invocation, allocated);
            narrowed(invocation, allocated);
        }
    }

    /** Notes a virtual call on {@code receiver} (a qualified name) of the method {@code method}. */
    void dispatchedOn(String receiver, boolean unbounded, String method) {
        Receiver use = receivers.computeIfAbsent(receiver, k -> new Receiver());
        use.unbounded |= unbounded;
        use.methods.add(method);
    }

    /** Notes that {@code call} was narrowed to {@code allocated}'s implementation. */
    void narrowed(CtInvocation<?> call, CtType<?> allocated) {
        narrowed.put(call, allocated);
    }

    /** Records how a call of a functional interface's or a user type's method found its targets ({@link FunctionTargets}). */
    private void record(CtInvocation<?> call, CtTypeReference<?> receiver, boolean usersType, boolean traced,
                        boolean keyed, int count) {
        FunctionTargets.Narrowing narrowing = functionTargets.record(call, receiver, usersType, traced, keyed, count);
        if (narrowing != null) {
            effects.recorded(narrowing);
        }
    }

    /** Records again how a kept call found its targets ({@link #record}). */
    void restore(CtInvocation<?> call, FunctionTargets.Narrowing narrowing) {
        functionTargets.restore(call, narrowing);
    }

    /**
     * The functions a parameter holds when the code hands it to a call that runs it on this thread
     * ({@code stream.forEach(action)} with {@code action} a parameter): traced back to what callers pass.
     */
    List<CtExecutable<?>> functionsPassedOn(CtAbstractInvocation<?> call, ForkJoinModel model, Reach reach) {
        if (!(call instanceof CtInvocation<?> invocation)
                || Apis.RUNS_FUNCTION_IN_CALLER.stream().noneMatch(matcher -> matcher.matchesExactly(invocation))) {
            return List.of();
        }
        List<CtExecutable<?>> functions = new ArrayList<>();
        for (CtExpression<?> argument : invocation.getArguments()) {
            flow.functionsPassed(argument, reach, MAX_FAN_OUT).stream().filter(function -> isUserCode(function, model))
                    .forEach(functions::add);
        }
        return functions;
    }

    /**
     * The source method or constructor a method reference names, outside library code; for a method of the API
     * table, the lambda of the one call it makes ({@link LibraryReferenceSteps}); {@code null} for other library
     * methods ({@code list::add}) and methods without a body. Only the named method: a reference to
     * an overridable method does not reach its overrides, as a call would, except that {@code this::m} in a
     * method the walk entered on one class's new instance names that class's implementation.
     */
    CtExecutable<?> referenced(CtExecutableReferenceExpression<?, ?> reference, ForkJoinModel model, Reach reach) {
        CtExecutable<?> named = declarations.executable(reference.getExecutable());
        if (named instanceof CtMethod<?> method && reference.getTarget() instanceof CtThisAccess<?>
                && !CodeScan.cannotBeOverridden(method)) {
            // this::m in a method entered on one class's new instance names that class's m, as a call on this would
            CtType<?> allocated = narrowedThis(reach);
            CtExecutable<?> implementation = allocated == null ? null
                    : declarations.implementation(allocated, Signature.of(method));
            named = implementation != null ? implementation : named;
        }
        if (isUserCode(named, model)) {
            return named;
        }
        // a library (or abstract API) method of the API table, forEach(mongoTemplate::save): the one call it makes
        return LibraryReferenceSteps.of(reference, types);
    }

    /** How a call of a functional interface's method found its targets, or {@code null} for other calls. */
    FunctionTargets.Narrowing functionNarrowing(CtInvocation<?> call) {
        return functionTargets.narrowing(call);
    }

    /** The class whose implementation a call was narrowed to by its receiver's allocations, or {@code null}. */
    CtType<?> narrowedTo(CtInvocation<?> call) {
        return narrowed.get(call);
    }

    Map<String, DispatchedType> receivers() {
        Map<String, DispatchedType> out = new LinkedHashMap<>();
        receivers.forEach((name, use) -> out.put(name, new DispatchedType(use.unbounded, use.methods)));
        return out;
    }

    /** {@link SubtypeOverrides#sourceSubclasses}. */
    List<CtType<?>> sourceSubclasses(String qualifiedName) {
        return overrides.sourceSubclasses(qualifiedName);
    }

    /** Names whose every call site or queue put the call graph looked for ({@link FunctionFlow}). */
    Set<String> flowSearchedNames() {
        return flow.searchedNames();
    }

    /** Source code outside library code: a method with a body, or a lambda (whose body may be an expression). */
    static boolean isUserCode(CtExecutable<?> executable, ForkJoinModel model) {
        if (executable == null || executable.getBody() == null && !(executable instanceof CtLambda<?>)
                || model.fileOf(executable) == null) {
            return false;
        }
        CtType<?> owner = executable.getParent(CtType.class);
        return owner == null || !LibraryBoundary.isLibrary(JavaTypes.topLevel(owner).getQualifiedName());
    }

    private static boolean isTasksOwnLibraryCode(CtExecutable<?> executable, TaskEntry entry, ForkJoinModel model) {
        if (entry == null || entry.taskType() == null || executable == null || executable.getBody() == null
                || model.fileOf(executable) == null || executable.getParent(CtType.class) == null) {
            return false;
        }
        CtType<?> home = JavaTypes.topLevel(entry.taskType());
        // Never the framework's own classes (a task nested in ForkJoinPool would lead into the pool).
        return home == JavaTypes.topLevel(executable.getParent(CtType.class))
                && Framework.declaring(home.getQualifiedName()).isEmpty();
    }

    /**
     * Where Spoon knew no receiver type it bound the call to nothing: a call after a getter Lombok generates
     * ({@code context.getService().save(page)}). The receiver's type as {@link MethodMatcher#receiverType}
     * repairs it decides which method that is.
     */
    private CtExecutable<?> onRepairedReceiver(CtInvocation<?> invocation) {
        CtTypeReference<?> receiver = MethodMatcher.receiverType(invocation);
        CtType<?> type = receiver == null ? null : declarations.type(receiver);
        String name = invocation.getExecutable().getSimpleName();
        int arity = invocation.getArguments().size();
        if (type == null && (invocation.getTarget() == null || invocation.getTarget().isImplicit())) {
            // An unqualified call JDT left unbound (inside a lambda whose target type is missing without a
            // classpath, nothing in the body is bound): a method of the class around it, innermost first.
            for (CtType<?> around = invocation.getParent(CtType.class); around != null; around = around.getDeclaringType()) {
                CtExecutable<?> found = declarations.implementation(around, name, arity);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        // By the number of arguments: one of unknown type (another generated getter's) is left out of the reference's.
        return type == null ? null : declarations.implementation(type, name, arity);
    }

    /** A call that dynamic dispatch could send elsewhere: not static, not private/final, not {@code super.m()}. */
    private static boolean isVirtual(CtInvocation<?> invocation, CtExecutable<?> bound) {
        // A call JDT bound to nothing has a reference without a declaring type that says it is static: on a
        // variable (a var made by an unbound call) it is a call on an instance all the same.
        if (invocation.getTarget() instanceof CtTypeAccess<?> || invocation.getTarget() instanceof CtSuperAccess<?>
                || invocation.getExecutable().isStatic() && invocation.getExecutable().getDeclaringType() != null) {
            return false;
        }
        return !(bound instanceof CtMethod<?> method) || !(method.hasModifier(ModifierKind.PRIVATE)
                || method.hasModifier(ModifierKind.FINAL) || method.hasModifier(ModifierKind.STATIC));
    }

    /**
     * The number of parameters of the called method: the reference's, but where JDT bound the call to nothing
     * (an argument of a type missing without a classpath) the reference has none, and the arguments count.
     */
    private static int arity(CtInvocation<?> invocation, CtExecutable<?> bound) {
        List<CtTypeReference<?>> parameters = invocation.getExecutable().getParameters();
        boolean varargs = !parameters.isEmpty() && parameters.get(parameters.size() - 1).isArray();
        return bound == null && !varargs ? invocation.getArguments().size() : parameters.size();
    }

    /**
     * The static type of {@code this} at a call on it: the class the call is written in (a call of an
     * inherited method runs on an instance of that class, not of any subclass of the method's declaring
     * class), when it is a subtype of the declaring class; else (an outer instance's method called from an
     * inner class) the declaring class.
     */
    private CtTypeReference<?> thisType(CtInvocation<?> invocation) {
        CtTypeReference<?> declaring = MethodMatcher.receiverType(invocation);
        CtType<?> enclosing = invocation.getParent(CtType.class);
        if (declaring == null || enclosing == null || enclosing.isAnonymous()
                || !types.isSubtypeOf(enclosing.getReference(), declaring.getQualifiedName())) {
            return declaring;
        }
        return enclosing.getReference();
    }

    /**
     * The class {@code this} is in a method the walk entered through a call narrowed to that class ({@code new
     * C(..).m()} into an inherited {@code m}): its calls on {@code this} run C's implementations. The walk enters a
     * method along its cheapest path only, so this follows the receiver of that path.
     */
    private CtType<?> narrowedThis(Reach reach) {
        return reach != null && reach.callSite() instanceof CtInvocation<?> entered
                && entered.getExecutable() != null && reach.executable() instanceof CtMethod<?> method
                && !method.isStatic() ? narrowed.get(entered) : null;
    }

    /**
     * The static type of the receiver the walk entered the method on ({@code context.performAction()} with {@code
     * context} a {@code ForkJoinContext}) where it is narrower than {@code thisType}: {@code this} is one of those.
     */
    private CtTypeReference<?> enteredAs(Reach reach, CtTypeReference<?> thisType) {
        if (thisType == null || reach == null || !(reach.callSite() instanceof CtInvocation<?> entered)
                || isOnThis(entered) || entered.getTarget() instanceof CtTypeAccess<?>) {
            return thisType;
        }
        CtTypeReference<?> declared = MethodMatcher.receiverType(entered);
        return declared != null && !declared.getQualifiedName().equals(thisType.getQualifiedName())
                && types.isSubtypeOf(declared, thisType.getQualifiedName()) ? declared : thisType;
    }

    private static boolean isOnThis(CtInvocation<?> invocation) {
        return invocation.getTarget() == null || invocation.getTarget() instanceof CtThisAccess<?>;
    }
}
