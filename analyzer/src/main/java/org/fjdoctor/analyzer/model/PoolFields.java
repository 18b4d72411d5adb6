package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Fields declared as a plain {@code Executor}/{@code ExecutorService} that may hold a fork/join pool:
 * initialized with one, or set from a parameter that some caller passes one ({@code new
 * ExecutorBasedScheduler(ForkJoinPool.commonPool(), ..)}), from a factory that returns one, or to an executor
 * of the project's own that forks what it is given ({@link PoolValues}). A field whose own default is a plain
 * thread pool is none unless some code gives it one. Code submitted through such a field may run on a pool
 * worker, as task code, the way actor runtimes schedule their mailboxes.
 */
final class PoolFields {

    /** Each such field, with the framework of a pool it is given (the first one seen). */
    private final Map<CtField<?>, Framework> fields = new IdentityHashMap<>();

    PoolFields(ModelElements elements, JavaTypes types, PoolValues values) {
        for (CtField<?> field : elements.fields) {
            if (field.getType() == null || types.is(field.getType(), Role.POOL)
                    || !types.isSubtypeOf(field.getType(), "java.util.concurrent.Executor")) {
                continue; // a ForkJoinPool-typed field needs no help; other types hold no executor
            }
            CtExpression<?> pool = values.fieldPool(field);
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

    static boolean isThreadPool(JavaTypes types, CtExpression<?> value) {
        return isPlainPoolValue(types, value) || WrappedPools.plain(types, value);
    }

    /** {@code Executors.newFixedThreadPool(..)} and the like, or {@code new ThreadPoolExecutor(..)}. */
    static boolean isPlainPoolValue(JavaTypes types, CtExpression<?> value) {
        // the declaring type, or the class the call is made on where a factory newer than the model's Java level
        // left the method unbound (Executors.newVirtualThreadPerTaskExecutor() at level 17)
        CtTypeReference<?> owner = value instanceof CtInvocation<?> call && call.getExecutable() != null
                ? call.getExecutable().getDeclaringType() != null ? call.getExecutable().getDeclaringType()
                : call.getTarget() instanceof CtTypeAccess<?> access ? access.getAccessedType() : null : null;
        if (owner != null && "java.util.concurrent.Executors".equals(owner.getQualifiedName())) {
            return THREAD_POOL_FACTORIES.contains(((CtInvocation<?>) value).getExecutable().getSimpleName());
        }
        return value instanceof CtConstructorCall<?> created && created.getType() != null
                && types.isSubtypeOf(created.getType(), JavaTypes.THREAD_POOL_EXECUTOR);
    }
}
