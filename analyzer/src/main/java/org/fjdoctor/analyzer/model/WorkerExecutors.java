package org.fjdoctor.analyzer.model;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtParameterReference;

/**
 * Executors that task code obtains on a pool worker and that are no fork/join pool, though the same expression
 * gives one elsewhere: a pool getter whose fork/join returns sit in branches a worker cannot take ({@link
 * WorkerGuards}: {@code if (Thread.currentThread().getName().contains("main")) return shared;}, the common pool for
 * the main thread and {@code Executors.newFixedThreadPool(k)} for any other). What the getter returns on a worker is
 * judged return by return, following locals, conditionals and further getters a few calls deep (each one no
 * subclass overrides): a JDK thread pool, {@code null}, or an executor of the project's own that runs what it is
 * given in place (it holds no executor and submits to none). A submission to such a value is no centralized pooling.
 * A parameter counts what every walked call of the task graph passes, evaluated on the worker too. A getter's
 * returns are ruled out only where code on the worker calls it: a field or a captured local
 * may hold a pool that the main thread got and handed to the work it submitted, so every value stored there counts.
 * Without the worker ({@link #neverAPool}), the same judgement says a receiver is never a pool nor a project's
 * executor that forwards to one: {@code getDynamicPool().submit(r)} over a private field only ever set to
 * {@code Executors.newCachedThreadPool()}.
 */
final class WorkerExecutors {

    /** Getters, locals and conditionals followed from the receiver, at most. */
    private static final int MAX_HOPS = 4;

    /** The getters whose bodies a focused model keeps whoever calls them (scope.BodyStripper's executor types). */
    private static final Set<String> KEPT_GETTERS = Set.of("Executor", "ExecutorService");

    private final JavaTypes types;
    private final ForkJoinApi api;
    private final Declarations declarations;
    private final WorkerGuards guards;
    private final PoolFields fields;
    private final AllocationSites sites;
    /** The task graph's walked calls into a method, once it is walked. */
    private final Function<CtExecutable<?>, List<WalkedCall>> callsInto;
    private final Map<CtType<?>, Boolean> inPlace = new IdentityHashMap<>();

    WorkerExecutors(JavaTypes types, ForkJoinApi api, Declarations declarations, WorkerGuards guards, PoolFields fields,
                    AllocationSites sites, Function<CtExecutable<?>, List<WalkedCall>> callsInto) {
        this.callsInto = callsInto;
        this.types = types;
        this.api = api;
        this.declarations = declarations;
        this.guards = guards;
        this.fields = fields;
        this.sites = sites;
    }

    /** Whether every value {@code target} can have on a pool worker is an executor that is no fork/join pool. */
    boolean noPoolOnWorker(CtExpression<?> target) {
        return target != null && !fields.mayHoldPool(target) && plain(target, MAX_HOPS, true);
    }

    /**
     * Whether {@code target} is no fork/join pool on any thread: every value it can have is a thread pool, {@code null}
     * or an executor that runs work in place (so no project executor that forwards to a pool, either).
     */
    boolean neverAPool(CtExpression<?> target) {
        return target != null && !fields.mayHoldPool(target) && plain(target, MAX_HOPS, false);
    }

    /** @param worker whether {@code value} is evaluated on a pool worker, so that a getter's other returns are ruled out */
    private boolean plain(CtExpression<?> value, int hops, boolean worker) {
        if (value instanceof CtLiteral<?> literal) {
            return literal.getValue() == null;
        }
        if (PoolFields.isThreadPool(types, value)) {
            return true;
        }
        if (value == null || hops == 0 || value.getType() != null && types.is(value.getType(), Role.POOL)) {
            return false;
        }
        if (value instanceof CtConditional<?> choice) {
            return plain(choice.getThenExpression(), hops - 1, worker) && plain(choice.getElseExpression(), hops - 1, worker);
        }
        if (value instanceof CtConstructorCall<?> created) {
            return !(created instanceof CtNewClass<?>) && created.getType() != null
                    && declarations.type(created.getType()) instanceof CtClass<?> type && runsInPlace(type);
        }
        if (value instanceof CtInvocation<?> call) {
            return getter(call, hops - 1, worker);
        }
        if (worker && value instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?> reference) {
            return passedOnWorker(read, reference.getDeclaration(), hops - 1);
        }
        if (value instanceof CtVariableRead<?> read) {
            // A local of the lambda or method itself was set on this thread; a field, or a local a lambda captures,
            // was set where other code ran, which may be off the worker (a pool the main thread got, handed on to
            // the work it submits there): every value stored there counts.
            boolean own = read.getVariable() instanceof CtLocalVariableReference<?> local && local.getDeclaration() != null
                    && local.getDeclaration().getParent(CtExecutable.class) == read.getParent(CtExecutable.class);
            List<CtExpression<?>> values = sites.valuesStoredIn(read);
            return values != null && values.stream().allMatch(stored -> plain(stored, hops - 1, worker && own));
        }
        return false;
    }

    /**
     * A parameter of task code that every walked call into its method, each made on a worker, passes a plain
     * executor ({@code parallelCombine(tasks, pool)} called with the local {@code pool = k > 1 ? Pools.get(k) : null}).
     * A method that is an entry, or that assigns the parameter, takes values from elsewhere.
     */
    private boolean passedOnWorker(CtVariableRead<?> read, CtParameter<?> parameter, int hops) {
        CtExecutable<?> method = parameter == null || !parameter.isParentInitialized() ? null : parameter.getParent();
        if (method == null || parameter.isVarArgs() || read.getParent(CtExecutable.class) != method
                || method.getBody() == null || CodeScan.assigns(method, parameter)) {
            return false;
        }
        int index = method.getParameters().indexOf(parameter);
        List<WalkedCall> calls = callsInto.apply(method);
        if (calls.isEmpty()) {
            return false;
        }
        for (WalkedCall call : calls) {
            if (call.entry() || !(call.site() instanceof CtAbstractInvocation<?> site)
                    || site.getArguments().size() != method.getParameters().size()
                    || !plain(site.getArguments().get(index), hops, true)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A source method no subclass overrides whose every return gives a plain executor: on a worker, every return a
     * worker can take.
     */
    private boolean getter(CtInvocation<?> call, int hops, boolean worker) {
        CtExecutable<?> declaration = call.getExecutable() == null ? null : declarations.executable(call.getExecutable());
        if (!(declaration instanceof CtMethod<?> method) || method.getBody() == null || method.isShadow()
                || isLibrary(method.getDeclaringType()) || !CodeScan.cannotBeOverridden(method)) {
            return false;
        }
        if (!worker && (method.getType() == null || !KEPT_GETTERS.contains(method.getType().getSimpleName()))) {
            return false; // a focused model may have blanked the body: it keeps those of task code and of these getters
        }
        boolean returns = false;
        for (CtReturn<?> returned : CodeScan.elementsIn(method.getBody(), CtReturn.class)) {
            if (returned.getParent(CtExecutable.class) != method || worker && guards.offWorker(returned)) {
                continue; // a lambda's return, or one a worker never takes
            }
            if (!plain(returned.getReturnedExpression(), hops, worker)) {
                return false;
            }
            returns = true;
        }
        return returns;
    }

    /**
     * A class of the project's own that is an executor and runs what it is given on the calling thread: it keeps
     * no executor in a field and submits to none, and forks nothing.
     */
    private boolean runsInPlace(CtClass<?> type) {
        return inPlace.computeIfAbsent(type, t -> !t.isShadow() && !isLibrary(t) && !t.isAbstract()
                && types.isSubtypeOf(t.getReference(), "java.util.concurrent.Executor") && !types.is(t.getReference(), Role.POOL)
                && t.getFields().stream().noneMatch(this::holdsExecutor)
                && CodeScan.elementsIn(t, CtInvocation.class).stream().noneMatch(this::handsOn));
    }

    private boolean holdsExecutor(CtField<?> field) {
        return field.getType() != null && (types.isSubtypeOf(field.getType(), "java.util.concurrent.Executor") || types.is(field.getType(), Role.POOL));
    }

    /** A submission to another executor, or a fork. */
    private boolean handsOn(CtInvocation<?> call) {
        return api.isFork(call) || api.isPoolSubmission(call)
                && !(call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>);
    }

    private static boolean isLibrary(CtType<?> type) {
        return type == null || LibraryBoundary.isLibrary(JavaTypes.topLevel(type).getQualifiedName())
                || HalfResolved.lookup(type::isShadow, true);
    }
}
