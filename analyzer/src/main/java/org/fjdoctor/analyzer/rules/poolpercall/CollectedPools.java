package org.fjdoctor.analyzer.rules.poolpercall;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;

import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A pool put into a collection field ({@code pools.put(pool, site)}, {@code pools.add(pool)}) is kept for reuse only
 * when something takes a pool back out of that collection to run work on it or hand it on. A collection that is
 * only filled, cleared, counted, or walked to shut its pools down or ask them how busy they are keeps nothing for
 * later: a method that creates a pool and puts it there on every call still creates a pool per call.
 */
final class CollectedPools {

    /** Where in the collection the pool sits: a map's key or value, or an element of a list, set or queue. */
    private enum Role { KEY, VALUE, ELEMENT }

    private static final MethodMatcher MAP_PUT = instanceMethod().onDescendantOf("java.util.Map")
            .named("put", "putIfAbsent").withArity(2);
    private static final MethodMatcher COLLECTION_ADD = instanceMethod().onDescendantOf("java.util.Collection")
            .named("add", "addFirst", "addLast", "offer", "push").withArity(1);
    /** Reads that hand no element, key or value out. */
    private static final MethodMatcher NO_ELEMENT = instanceMethod().onDescendantOf("java.util.Collection", "java.util.Map")
            .named("clear", "size", "isEmpty", "contains", "containsKey", "containsValue", "remove");
    /** A map's value for a key: no pool when the pools are the keys. */
    private static final MethodMatcher MAP_GET = instanceMethod().onDescendantOf("java.util.Map").named("get", "getOrDefault");
    private static final MethodMatcher KEYS = instanceMethod().onDescendantOf("java.util.Map").named("keySet").withArity(0);
    private static final MethodMatcher VALUES = instanceMethod().onDescendantOf("java.util.Map").named("values").withArity(0);
    private static final MethodMatcher FOR_EACH = instanceMethod().onDescendantOf("java.lang.Iterable").named("forEach")
            .withArity(1);

    private CollectedPools() {
    }

    /**
     * The collection field that {@code call} puts the pool (its argument {@code index}) into, when no one takes a
     * pool back out of it; else null.
     */
    static CtField<?> onlyCollected(ForkJoinModel model, CtInvocation<?> call, int index) {
        CtField<?> field = call.getTarget() instanceof CtFieldRead<?> target && target.getVariable() != null
                ? target.getVariable().getFieldDeclaration() : null;
        Role role = field == null ? null : model.api().matches(MAP_PUT, call) ? (index == 0 ? Role.KEY : Role.VALUE)
                : model.api().matches(COLLECTION_ADD, call) ? Role.ELEMENT : null;
        if (role == null) {
            return null;
        }
        for (CtFieldRead<?> read : model.spoon().getElements(new TypeFilter<>(CtFieldRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == field
                    && !handsNoPoolOut(model, read, field, role)) {
                return null;
            }
        }
        return field;
    }

    /**
     * The collection field no one takes a pool back from that this pool (the creation, or the local holding it) is
     * put into; else null.
     */
    static CtField<?> heldIn(ForkJoinModel model, CtExpression<?> creation, CtLocalVariable<?> local) {
        if (local == null) {
            return putIn(model, creation);
        }
        for (CtVariableRead<?> read : local.getParent(CtExecutable.class).getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == local && putIn(model, read) != null) {
                return putIn(model, read);
            }
        }
        return null;
    }

    private static CtField<?> putIn(ForkJoinModel model, CtExpression<?> value) {
        return value.getParent() instanceof CtInvocation<?> call && call.getArguments().contains(value)
                ? onlyCollected(model, call, call.getArguments().indexOf(value)) : null;
    }

    /**
     * The read of the collection (or of its keys or values) only fills, clears or counts it, looks up what a pool
     * key maps to, or walks its pools only to shut them down or ask about them.
     */
    private static boolean handsNoPoolOut(ForkJoinModel model, CtExpression<?> collection, CtField<?> field, Role role) {
        CtElement parent = collection.getParent();
        if (role == null) {
            return true; // a map's keys or values that are not the pools
        }
        if (parent instanceof CtForEach loop && loop.getExpression() == collection) {
            return onlyAsked(model, loop.getVariable(), loop.getBody(), field);
        }
        if (!(parent instanceof CtInvocation<?> use) || use.getTarget() != collection) {
            return false;
        }
        if (model.api().matches(MAP_PUT, use) || model.api().matches(COLLECTION_ADD, use)
                || model.api().matches(NO_ELEMENT, use) || role == Role.KEY && model.api().matches(MAP_GET, use)) {
            return true;
        }
        if (model.api().matches(KEYS, use) || model.api().matches(VALUES, use)) {
            Role now = role == Role.ELEMENT ? Role.ELEMENT : (role == Role.KEY) == model.api().matches(KEYS, use)
                    ? Role.ELEMENT : null;
            return handsNoPoolOut(model, use, field, now);
        }
        if (role == Role.ELEMENT && model.api().matches(FOR_EACH, use)) {
            CtExpression<?> function = use.getArguments().get(0);
            if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
                // ForkJoinPool::shutdownNow, a method of the pool itself
                CtExecutableReference<?> method = reference.getExecutable();
                return method != null && method.getDeclaringType() != null && asks(method.getSimpleName())
                        && (model.types().is(method.getDeclaringType(), Framework.Role.POOL)
                        || model.types().isSubtypeOf(method.getDeclaringType(), "java.util.concurrent.ExecutorService"));
            }
            return function instanceof CtLambda<?> lambda && lambda.getParameters().size() == 1
                    && onlyAsked(model, lambda.getParameters().get(0), lambda, field);
        }
        return false;
    }

    /**
     * Every read of {@code pool} in {@code scope} is the receiver of a call that runs no work on it (a shutdown, a
     * question such as {@code getPoolSize()}) or the key of a lookup in the same collection.
     */
    private static boolean onlyAsked(ForkJoinModel model, CtVariable<?> pool, CtElement scope, CtField<?> field) {
        if (scope == null) {
            return false;
        }
        for (CtVariableRead<?> read : scope.getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable() == null || read.getVariable().getDeclaration() != pool) {
                continue;
            }
            CtElement parent = read.getParent();
            boolean asked = parent instanceof CtInvocation<?> call && call.getTarget() == read
                    && call.getExecutable() != null && asks(call.getExecutable().getSimpleName());
            boolean key = parent instanceof CtInvocation<?> lookup && lookup.getArguments().contains(read)
                    && lookup.getTarget() instanceof CtFieldRead<?> same && same.getVariable() != null
                    && same.getVariable().getDeclaration() == field;
            if (!asked && !key) {
                return false;
            }
        }
        return true;
    }

    /** A pool method that runs no work handed to it (a shutdown, a question): anything but a submission. */
    private static boolean asks(String method) {
        return !Apis.SUBMISSION_NAMES.contains(method);
    }
}
