package org.fjdoctor.analyzer.rules.poolpercall;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
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
 * when something reads a pool back out of that collection to use it. A collection that is only filled, cleared,
 * counted or walked to shut its pools down keeps nothing for later: a method that creates a pool and puts it there
 * on every call still creates a pool per call.
 */
final class CollectedPools {

    private static final Set<String> CONTAINERS = Set.of("java.util.Collection", "java.util.Map");
    /** Putting an element in. */
    private static final MethodMatcher INSERTION = instanceMethod().onDescendantOfAny(CONTAINERS)
            .named("add", "addFirst", "addLast", "offer", "push", "put", "putIfAbsent");
    /** Reads that hand no element out. */
    private static final MethodMatcher NO_ELEMENT = instanceMethod().onDescendantOfAny(CONTAINERS)
            .named("clear", "size", "isEmpty", "contains", "containsKey", "containsValue", "remove");
    /** The map's keys or values, still a collection of pools. */
    private static final MethodMatcher VIEW = instanceMethod().onDescendantOf("java.util.Map").named("keySet", "values");
    private static final MethodMatcher FOR_EACH = instanceMethod().onDescendantOf("java.lang.Iterable").named("forEach")
            .withArity(1);
    /** {@link Apis#POOL_END} as a method reference ({@code ForkJoinPool::shutdownNow}), which no call matcher sees. */
    private static final Set<String> ENDING_NAMES = Set.of("shutdown", "shutdownNow", "close");

    private CollectedPools() {
    }

    /** The collection field {@code call} puts the pool into, when no one reads a pool back out of it; else null. */
    static CtField<?> onlyCollected(ForkJoinModel model, CtInvocation<?> call) {
        CtField<?> field = call.getTarget() instanceof CtFieldRead<?> target && target.getVariable() != null
                ? target.getVariable().getFieldDeclaration() : null;
        if (field == null || !model.api().matches(INSERTION, call)) {
            return null;
        }
        for (CtFieldRead<?> read : model.spoon().getElements(new TypeFilter<>(CtFieldRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == field && !handsNoPoolOut(model, read)) {
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
        List<CtExpression<?>> values = new ArrayList<>(List.of(creation));
        if (local != null) {
            local.getParent(CtExecutable.class).getElements(new TypeFilter<>(CtVariableRead.class)).stream()
                    .filter(read -> read.getVariable() != null && read.getVariable().getDeclaration() == local)
                    .forEach(values::add);
        }
        for (CtExpression<?> value : values) {
            if (value.getParent() instanceof CtInvocation<?> call && call.getArguments().contains(value)
                    && onlyCollected(model, call) != null) {
                return onlyCollected(model, call);
            }
        }
        return null;
    }

    /** The read only fills, clears or counts the collection, or walks it (or its keys or values) to end each pool. */
    private static boolean handsNoPoolOut(ForkJoinModel model, CtExpression<?> collection) {
        CtElement parent = collection.getParent();
        if (parent instanceof CtForEach loop && loop.getExpression() == collection) {
            return onlyEnds(model, loop.getVariable(), loop.getBody());
        }
        if (!(parent instanceof CtInvocation<?> use) || use.getTarget() != collection) {
            return false;
        }
        if (model.api().matches(INSERTION, use) || model.api().matches(NO_ELEMENT, use)) {
            return true;
        }
        if (model.api().matches(VIEW, use)) {
            return handsNoPoolOut(model, use);
        }
        return model.api().matches(FOR_EACH, use) && endsEach(model, use.getArguments().get(0));
    }

    /** {@code ForkJoinPool::shutdownNow}, or a lambda that only ends its parameter. */
    private static boolean endsEach(ForkJoinModel model, CtExpression<?> function) {
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            CtExecutableReference<?> method = reference.getExecutable();
            return method != null && ENDING_NAMES.contains(method.getSimpleName()) && method.getDeclaringType() != null
                    && (model.types().is(method.getDeclaringType(), Role.POOL)
                    || method.getDeclaringType().getQualifiedName().equals("java.util.concurrent.ExecutorService"));
        }
        return function instanceof CtLambda<?> lambda && lambda.getParameters().size() == 1
                && onlyEnds(model, lambda.getParameters().get(0), lambda);
    }

    /** Every read of {@code pool} in {@code scope} is the receiver of a call that ends it. */
    private static boolean onlyEnds(ForkJoinModel model, CtVariable<?> pool, CtElement scope) {
        if (scope == null) {
            return false;
        }
        for (CtVariableRead<?> read : scope.getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == pool
                    && !(read.getParent() instanceof CtInvocation<?> call && call.getTarget() == read
                    && model.api().matches(Apis.POOL_END, call))) {
                return false;
            }
        }
        return true;
    }
}
