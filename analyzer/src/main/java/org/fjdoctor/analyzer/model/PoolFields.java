package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Fields declared as a plain {@code Executor}/{@code ExecutorService} that may hold a fork/join pool:
 * initialized with one, or set in a constructor from a parameter that some {@code new Owner(..)} passes
 * one ({@code new ExecutorBasedScheduler(ForkJoinPool.commonPool(), ..)}). Code submitted through such a
 * field may run on a pool worker, as task code, the way actor runtimes schedule their mailboxes.
 */
final class PoolFields {

    /** Each such field, with the framework of a pool it is given (the first one seen). */
    private final Map<CtField<?>, Framework> fields = new IdentityHashMap<>();

    PoolFields(ModelElements elements, JavaTypes types) {
        List<CtConstructorCall<?>> constructions = elements.constructorCalls;
        for (CtField<?> field : elements.fields) {
            if (field.getType() == null || types.is(field.getType(), Role.POOL)
                    || !types.isSubtypeOf(field.getType(), "java.util.concurrent.Executor")) {
                continue; // a ForkJoinPool-typed field needs no help; other types hold no executor
            }
            CtExpression<?> pool = isPool(types, field.getDefaultExpression()) ? field.getDefaultExpression()
                    : poolSetFrom(types, field, constructions);
            if (pool != null) {
                fields.put(field, types.frameworkOf(pool.getType()));
            }
        }
    }

    /** Whether {@code target} reads a field that may hold a fork/join pool. */
    boolean mayHoldPool(CtExpression<?> target) {
        return framework(target) != null;
    }

    /** The framework of a pool the field {@code target} reads is given, or {@code null} when it is none of these fields. */
    Framework framework(CtExpression<?> target) {
        return target instanceof CtFieldRead<?> read && read.getVariable().getFieldDeclaration() != null
                ? fields.get(read.getVariable().getFieldDeclaration()) : null;
    }

    /** Factories and constructors of executors that are never fork/join pools. */
    private static final Set<String> THREAD_POOL_FACTORIES = Set.of("newFixedThreadPool",
            "newCachedThreadPool", "newSingleThreadExecutor", "newScheduledThreadPool",
            "newSingleThreadScheduledExecutor", "newVirtualThreadPerTaskExecutor", "newThreadPerTaskExecutor");

    /**
     * Whether the variable {@code target} reads (a local, or a private or final field) only ever holds
     * executors that are not fork/join pools: every value written to it is {@code Executors.newFixedThreadPool(..)}
     * and the like or a {@code new ThreadPoolExecutor(..)}. A configurable executor some code may set otherwise
     * is not.
     */
    boolean onlyThreadPools(JavaTypes types, AllocationSites sites, CtExpression<?> target) {
        if (mayHoldPool(target)) {
            return false;
        }
        List<CtExpression<?>> values = sites.valuesStoredIn(target);
        return values != null && values.stream().allMatch(value -> isThreadPool(types, value)
                || isThreadPoolElement(types, value));
    }

    /**
     * {@code executors.get(key)} of a private container field into which every {@code put(k, v)} or
     * {@code add(v)} stores a thread pool (one single-thread executor per actor).
     */
    private static boolean isThreadPoolElement(JavaTypes types, CtExpression<?> value) {
        if (!(value instanceof CtInvocation<?> get) || get.getExecutable() == null
                || !"get".equals(get.getExecutable().getSimpleName())
                || !(get.getTarget() instanceof CtFieldRead<?> read) || read.getVariable() == null) {
            return false;
        }
        CtField<?> field = read.getVariable().getFieldDeclaration();
        if (field == null || !field.hasModifier(ModifierKind.PRIVATE) || field.getDeclaringType() == null) {
            return false;
        }
        List<CtExpression<?>> stored = new ArrayList<>();
        for (CtInvocation<?> call : field.getDeclaringType().getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getTarget() instanceof CtFieldRead<?> target && target.getVariable() != null
                    && target.getVariable().getFieldDeclaration() == field && call.getExecutable() != null) {
                switch (call.getExecutable().getSimpleName()) {
                    case "put", "putIfAbsent" -> stored.add(call.getArguments().get(call.getArguments().size() - 1));
                    case "add", "offer", "push" -> stored.add(call.getArguments().get(call.getArguments().size() - 1));
                    case "get", "remove", "containsKey", "values", "size", "isEmpty", "clear" -> { }
                    default -> {
                        return false; // computeIfAbsent, putAll, ..: values fjdoctor does not follow
                    }
                }
            }
        }
        return !stored.isEmpty() && stored.stream().allMatch(v -> isThreadPool(types, v));
    }

    private static boolean isThreadPool(JavaTypes types, CtExpression<?> value) {
        if (value instanceof CtInvocation<?> call && call.getExecutable() != null
                && call.getExecutable().getDeclaringType() != null
                && "java.util.concurrent.Executors".equals(call.getExecutable().getDeclaringType().getQualifiedName())) {
            return THREAD_POOL_FACTORIES.contains(call.getExecutable().getSimpleName());
        }
        return value instanceof CtConstructorCall<?> created && created.getType() != null
                && types.isSubtypeOf(created.getType(), JavaTypes.THREAD_POOL_EXECUTOR);
    }

    private static boolean isPool(JavaTypes types, CtExpression<?> value) {
        return value != null && value.getType() != null && types.is(value.getType(), Role.POOL);
    }

    /**
     * The pool {@code field} is set to: {@code this.f = pool}, or {@code this.f = p} in a constructor and a
     * {@code new Owner(..)} passing a pool as {@code p}; {@code null} if none.
     */
    private static CtExpression<?> poolSetFrom(JavaTypes types, CtField<?> field, List<CtConstructorCall<?>> constructions) {
        if (field.getDeclaringType() == null) {
            return null;
        }
        for (CtAssignment<?, ?> assignment : field.getDeclaringType().getElements(new TypeFilter<>(CtAssignment.class))) {
            // The name first: resolving what every assignment of a large class writes costs more than the scan.
            if (!(assignment.getAssigned() instanceof CtFieldWrite<?> write)
                    || !field.getSimpleName().equals(write.getVariable().getSimpleName())
                    || write.getVariable().getFieldDeclaration() != field) {
                continue;
            }
            if (isPool(types, assignment.getAssignment())) {
                return assignment.getAssignment();
            }
            if (assignment.getAssignment() instanceof CtVariableRead<?> read
                    && read.getVariable() instanceof CtParameterReference<?> parameter
                    && parameter.getDeclaration() != null
                    && parameter.getDeclaration().getParent() instanceof CtConstructor<?> constructor) {
                CtParameter<?> declared = parameter.getDeclaration();
                int index = new ArrayList<>(constructor.getParameters()).indexOf(declared);
                for (CtConstructorCall<?> construction : constructions) {
                    if (construction.getArguments().size() == constructor.getParameters().size()
                            && construction.getType() != null
                            && construction.getType().getQualifiedName().equals(field.getDeclaringType().getQualifiedName())
                            && isPool(types, construction.getArguments().get(index))) {
                        return construction.getArguments().get(index);
                    }
                }
            }
        }
        return null;
    }
}
