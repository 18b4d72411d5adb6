package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.ContainerManaged;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Values typed as a plain {@code Executor}/{@code ExecutorService} that may be a fork/join pool: a factory
 * method of the project's own that returns one ({@code return new ForkJoinPool(n);}), a parameter some caller
 * passes one, a local assigned one, or an instance of a project class that runs what it is given as fork/join
 * tasks ({@code ForkJoinTask.adapt(runnable).fork()} in its {@code execute}), a JDK factory that makes one
 * ({@code Executors.newWorkStealingPool(n)}), or a field that holds one, read directly or through a getter
 * ({@code api().getRenderExecutor()} over a field a factory filled). A few hops, each only through code in the
 * sources; what a field holds is worked out once per field, with hops of its own.
 */
final class PoolValues {

    /** Factories, parameters and locals followed from one value, at most. */
    private static final int MAX_HOPS = 3;
    /** The methods through which an executor runs what it is given. */
    private static final List<String> RUNS_GIVEN = List.of("execute", "submit", "invoke", "invokeAll", "invokeAny");

    private final ModelElements elements;
    private final JavaTypes types;
    private final ForkJoinApi api;
    private final Declarations declarations;
    private final Lazy<Map<String, List<CtAbstractInvocation<?>>>> callsByName = Lazy.of("the index of calls by name", this::indexCallsByName);
    private final Map<CtType<?>, CtExpression<?>> forkingExecutors = new IdentityHashMap<>();
    /** What each {@code Executor} field holds ({@link #fieldPool}); {@code null} while it is being worked out. */
    private final Map<CtField<?>, CtExpression<?>> fieldPools = new IdentityHashMap<>();
    private final Lazy<ContainerBeans> beans;
    /**
     * Whether container-injected beans and delegating wrappers are followed too ({@link #beanPool},
     * {@link #delegates}): only where the question is which pool runs a submitted function, not whether it is task code.
     */
    private final boolean throughContainers;

    PoolValues(ModelElements elements, JavaTypes types, ForkJoinApi api, Declarations declarations,
               boolean throughContainers) {
        this.throughContainers = throughContainers;
        this.elements = elements;
        this.types = types;
        this.api = api;
        this.declarations = declarations;
        this.beans = Lazy.of("the container beans", () -> new ContainerBeans(elements));
    }

    /**
     * An expression whose type names the fork/join pool {@code value} may be (its framework's), or
     * {@code null} when it can be none the sources show.
     */
    CtExpression<?> poolIn(CtExpression<?> value) {
        return poolIn(value, MAX_HOPS);
    }

    /**
     * The pool an {@code Executor}-typed local, parameter, getter or factory call {@code target} may be; fields
     * are {@link PoolFields}' business.
     */
    CtExpression<?> executorPool(CtExpression<?> target) {
        return target == null || target instanceof CtFieldRead<?> || target.getType() == null
                || !types.isSubtypeOf(target.getType(), "java.util.concurrent.Executor") ? null : poolIn(target);
    }

    private CtExpression<?> poolIn(CtExpression<?> value, int hops) {
        if (value == null) {
            return null;
        }
        if (value.getType() != null && types.is(value.getType(), Role.POOL)
                || value instanceof CtInvocation<?> call && api.matches(Apis.WORK_STEALING_POOL, call)) {
            return value;
        }
        if (hops == 0) {
            return null;
        }
        if (value instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable() == null ? null : read.getVariable().getFieldDeclaration();
            return field == null ? null : fieldPool(field);
        }
        if (value instanceof CtConditional<?> conditional) {
            CtExpression<?> then = poolIn(conditional.getThenExpression(), hops - 1);
            return then != null ? then : poolIn(conditional.getElseExpression(), hops - 1);
        }
        if (value instanceof CtConstructorCall<?> created && !(created instanceof CtNewClass<?>)) {
            CtType<?> type = created.getType() == null ? null : declarations.type(created.getType());
            CtExpression<?> forking = type == null ? null : forkingExecutor(type);
            return forking != null || type == null || !throughContainers || !delegates(type) ? forking : wrappedPool(created, hops - 1);
        }
        if (value instanceof CtInvocation<?> call) {
            CtExecutable<?> factory = declarations.executable(call.getExecutable());
            if (factory instanceof CtMethod<?> method && method.getBody() != null && !isLibrary(method)) {
                for (CtExpression<?> returned : ValueOrigins.returnedBy(method)) {
                    CtExpression<?> pool = poolIn(returned, hops - 1);
                    if (pool != null) {
                        return pool;
                    }
                }
            }
            return null;
        }
        if (value instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?>) {
            for (ValueOrigins.Origin origin : ValueOrigins.of(read)) {
                CtExpression<?> pool = origin.through() != null || origin.expression() == read ? null
                        : poolIn(origin.expression(), hops - 1);
                if (pool != null) {
                    return pool;
                }
            }
            return null;
        }
        if (value instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?> reference) {
            return passedAs(reference.getDeclaration(), hops - 1);
        }
        return null;
    }

    /**
     * The pool an {@code Executor}/{@code ExecutorService} field of the sources is initialized with or set to
     * ({@code this.f = pool}, also through a constructor or setter parameter some caller passes one, or a
     * factory that returns one); {@code null} if none. Worked out once per field; a field met again while its
     * own value is being followed (two fields set from each other) holds none on that path.
     */
    CtExpression<?> fieldPool(CtField<?> field) {
        if (fieldPools.containsKey(field)) {
            return fieldPools.get(field);
        }
        fieldPools.put(field, null);
        CtExpression<?> pool = null;
        if (field.getType() != null && field.getDeclaringType() != null && !isLibrary(field.getDeclaringType())
                && types.isSubtypeOf(field.getType(), "java.util.concurrent.Executor")) {
            pool = poolIn(field.getDefaultExpression());
            if (pool == null) {
                pool = poolSetFrom(field);
            }
            if (pool == null && field.getDefaultExpression() == null && throughContainers) {
                pool = beanPool(field, field.getSimpleName(), MAX_HOPS);
            }
        }
        fieldPools.put(field, pool);
        return pool;
    }

    private CtExpression<?> poolSetFrom(CtField<?> field) {
        for (CtAssignment<?, ?> assignment : field.getDeclaringType().getElements(new TypeFilter<>(CtAssignment.class))) {
            // The name first: resolving what every assignment of a large class writes costs more than the scan.
            if (!(assignment.getAssigned() instanceof CtFieldWrite<?> write)
                    || !field.getSimpleName().equals(write.getVariable().getSimpleName())
                    || write.getVariable().getFieldDeclaration() != field) {
                continue;
            }
            CtExpression<?> pool = poolIn(assignment.getAssignment());
            if (pool != null) {
                return pool;
            }
        }
        return null;
    }

    /** A pool some call of the parameter's method or constructor passes as {@code parameter}. */
    private CtExpression<?> passedAs(CtParameter<?> parameter, int hops) {
        if (parameter == null || !parameter.isParentInitialized()
                || !(parameter.getParent() instanceof CtMethod<?> || parameter.getParent() instanceof CtConstructor<?>)) {
            return null;
        }
        CtExecutable<?> executable = (CtExecutable<?>) parameter.getParent();
        int index = executable.getParameters().indexOf(parameter);
        String name = executable instanceof CtConstructor<?> constructor ? constructor.getDeclaringType().getQualifiedName()
                : executable.getSimpleName();
        for (CtAbstractInvocation<?> call : callsByName().getOrDefault(name, List.of())) {
            if (call.getArguments().size() == executable.getParameters().size()
                    && (executable instanceof CtConstructor<?> && call instanceof CtConstructorCall<?>
                    || declarations.executable(call.getExecutable()) == executable)) {
                CtExpression<?> pool = poolIn(call.getArguments().get(index), hops);
                if (pool != null) {
                    return pool;
                }
            }
        }
        // a constructor the container calls: its parameters are beans
        return throughContainers && executable instanceof CtConstructor<?> constructor && ContainerManaged.isManagedClass(constructor.getDeclaringType())
                ? beanPool(parameter, parameter.getSimpleName(), hops) : null;
    }

    /**
     * The pool the bean a container injects into {@code injected} (a field nothing in the sources assigns, or a
     * parameter of a constructor the container calls) may be: what its {@code @Bean} factory returns.
     */
    private CtExpression<?> beanPool(CtElement injected, String name, int hops) {
        for (CtMethod<?> factory : beans.get().factoriesFor(injected, name)) {
            if (!isLibrary(factory)) {
                for (CtExpression<?> returned : ValueOrigins.returnedBy(factory)) {
                    CtExpression<?> pool = poolIn(returned, hops);
                    if (pool != null) {
                        return pool;
                    }
                }
            }
        }
        return null;
    }

    /**
     * Whether the source class {@code type} is an {@code Executor} that hands what it is given on to an executor it
     * holds ({@code delegate.execute(wrap(command))}): a wrapper that adds context, and runs on the pool it wraps.
     */
    private boolean delegates(CtType<?> type) {
        if (type.isShadow() || isLibrary(type) || !types.isSubtypeOf(type.getReference(), "java.util.concurrent.Executor")) {
            return false;
        }
        for (CtMethod<?> method : type.getMethods()) {
            if (RUNS_GIVEN.contains(method.getSimpleName()) && method.getBody() != null) {
                for (CtInvocation<?> call : CodeScan.elementsIn(method.getBody(), CtInvocation.class)) {
                    if (call.getExecutable() != null && RUNS_GIVEN.contains(call.getExecutable().getSimpleName())
                            && call.getTarget() instanceof CtFieldRead<?> held && held.getType() != null
                            && types.isSubtypeOf(held.getType(), "java.util.concurrent.Executor")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The pool among the executors a delegating wrapper is made around ({@code new Wrapper(new ForkJoinPool(n))}). */
    private CtExpression<?> wrappedPool(CtConstructorCall<?> created, int hops) {
        for (CtExpression<?> argument : created.getArguments()) {
            CtExpression<?> pool = poolIn(argument, hops);
            if (pool != null) {
                return pool;
            }
        }
        return null;
    }

    /**
     * The names of the project's executors that fork what they are given and of its factories that return a
     * fork/join pool as a plain {@code Executor}: a file that names one may submit to a pool without naming
     * a fork/join type.
     */
    Set<String> holderNames() {
        Set<String> names = new HashSet<>();
        for (CtType<?> type : elements.types) {
            if (type instanceof CtClass<?> && forkingExecutor(type) != null) {
                names.add(type.getSimpleName());
            }
        }
        for (CtMethod<?> method : elements.methods) {
            if (method.getType() != null && !types.is(method.getType(), Role.POOL)
                    && types.isSubtypeOf(method.getType(), "java.util.concurrent.Executor")
                    && ValueOrigins.returnedBy(method).stream().anyMatch(value -> poolIn(value) != null)) {
                names.add(method.getSimpleName());
            }
        }
        return names;
    }

    /**
     * Method calls by simple name; constructor calls, and the {@code super(..)}/{@code this(..)} calls of a
     * constructor, by the constructed type's qualified name.
     */
    private Map<String, List<CtAbstractInvocation<?>>> callsByName() {
        return callsByName.get();
    }

    private Map<String, List<CtAbstractInvocation<?>>> indexCallsByName() {
        Map<String, List<CtAbstractInvocation<?>>> callsByName = new HashMap<>();
        for (CtInvocation<?> call : elements.invocations) {
            if (call.getExecutable() == null) {
                continue;
            }
            String key = call.getExecutable().isConstructor() && call.getExecutable().getDeclaringType() != null
                    ? call.getExecutable().getDeclaringType().getQualifiedName() : call.getExecutable().getSimpleName();
            callsByName.computeIfAbsent(key, k -> new ArrayList<>()).add(call);
        }
        for (CtConstructorCall<?> call : elements.constructorCalls) {
            if (call.getType() != null && !(call instanceof CtNewClass<?>)) {
                callsByName.computeIfAbsent(call.getType().getQualifiedName(), k -> new ArrayList<>()).add(call);
            }
        }
        return callsByName;
    }

    /**
     * For a source class that is an {@code Executor} and runs what it is given as fork/join work (its {@code
     * execute}, {@code submit} or {@code invokeAll} forks, adapts, or submits to a fork/join pool), the
     * expression whose type names that framework; else {@code null}.
     */
    private CtExpression<?> forkingExecutor(CtType<?> type) {
        if (forkingExecutors.containsKey(type)) {
            return forkingExecutors.get(type);
        }
        forkingExecutors.put(type, null);
        CtExpression<?> found = null;
        if (!type.isShadow() && !isLibrary(type) && !types.isForkJoinTask(type.getReference())
                && types.isSubtypeOf(type.getReference(), "java.util.concurrent.Executor")) {
            for (CtMethod<?> method : type.getMethods()) {
                if (found == null && RUNS_GIVEN.contains(method.getSimpleName()) && method.getBody() != null) {
                    found = forkJoinCallIn(method);
                }
            }
        }
        forkingExecutors.put(type, found);
        return found;
    }

    /** The receiver (its type names the framework) of a fork, adapt or fork/join pool submission in {@code method}. */
    private CtExpression<?> forkJoinCallIn(CtMethod<?> method) {
        for (CtInvocation<?> call : CodeScan.elementsIn(method.getBody(), CtInvocation.class)) {
            if (api.isFork(call) || api.matches(Apis.ADAPT, call) || api.matches(Apis.INVOKE_ALL, call)
                    || api.isPoolSubmission(call) && api.isForkJoinPoolReceiver(call)) {
                // A static call's target is the type access: the call's own type names the framework then.
                return call.getTarget() instanceof CtTypeAccess<?> ? call : call.getTarget();
            }
        }
        return null;
    }

    private static boolean isLibrary(CtMethod<?> method) {
        return method.getDeclaringType() == null || isLibrary(method.getDeclaringType());
    }

    private static boolean isLibrary(CtType<?> type) {
        return LibraryBoundary.isLibrary(JavaTypes.topLevel(type).getQualifiedName())
                || HalfResolved.lookup(type::isShadow, true);
    }
}
