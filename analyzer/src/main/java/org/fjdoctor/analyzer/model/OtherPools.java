package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Fork/join pools that the worker running a piece of task code cannot belong to: one the method itself creates
 * ({@code ForkJoinPool pool = new ForkJoinPool(n); pool.invoke(..)}), or one a plain object creates for itself and
 * keeps in an instance field ({@code this.pool = new ForkJoinPool(n)} in a search object that a task calls). A
 * submission to such a pool has no own deque to fork onto, so it is no centralized pooling (FJ1); the waiting
 * forms ({@code invoke}, {@code invokeAll}, {@code invokeAny}) block the worker until the other pool is done,
 * which is intra-task-sync (FJ5). A static or task-held pool may be the worker's own and stays FJ1's.
 */
public final class OtherPools {

    /** The submissions that return only when the submitted work is done. */
    private static final Set<String> WAITING = Set.of("invoke", "invokeAll", "invokeAny");

    private OtherPools() {
    }

    /** Whether {@code call} waits, on a fork/join pool, for work that another pool's workers run. */
    public static boolean waitsOnAnotherPool(ForkJoinModel model, CtInvocation<?> call) {
        return call.getExecutable() != null && WAITING.contains(call.getExecutable().getSimpleName())
                && !call.getArguments().isEmpty() && model.api().isForkJoinPoolReceiver(call)
                && isAnotherPool(model, call.getTarget());
    }

    /** Whether {@code target} only ever holds pools created where no task can run on them first. */
    public static boolean isAnotherPool(ForkJoinModel model, CtExpression<?> target) {
        if (!createdHere(target) && !ownedByAPlainObject(model, target)) {
            return false;
        }
        List<CtExpression<?>> values = model.allocationSites().valuesStoredIn(target);
        return values != null && !values.isEmpty() && values.stream().allMatch(value -> value instanceof CtConstructorCall<?> created
                && model.types().is(created.getType(), Role.POOL));
    }

    /** A local of this very method: read in a lambda it may be what runs on that pool ({@code supplyAsync(.., pool)}). */
    private static boolean createdHere(CtExpression<?> target) {
        return target instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> local
                && local.getDeclaration() != null
                && local.getDeclaration().getParent(CtExecutable.class) == target.getParent(CtExecutable.class);
    }

    /** An instance field, read on {@code this}, of a class that is no task (a task's pool is handed down the tree). */
    private static boolean ownedByAPlainObject(ForkJoinModel model, CtExpression<?> target) {
        if (!(target instanceof CtFieldRead<?> read) || !(read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>)) {
            return false;
        }
        CtField<?> field = read.getVariable().getFieldDeclaration();
        Reach reach = model.reachOf(target);
        // Reached from work the owner itself submits (tetrad's AdjTask on Fges' pool): the worker may be that pool's.
        return field != null && !field.hasModifier(ModifierKind.STATIC) && field.getDeclaringType() != null
                && !model.types().isForkJoinTask(field.getDeclaringType().getReference())
                && (reach == null || reach.entry().taskType() != field.getDeclaringType()
                    && !submitsTheReachingTask(model, target, reach));
    }

    /**
     * {@code pool.execute((ForkJoinTask<Void>) component)} reached from a task whose class is a kind of what
     * the call submits (a scheduler that runs each component as a task on its pool, reached from a component's
     * own {@code exec()}): such tasks run on this very pool, so the worker may be its own.
     */
    private static boolean submitsTheReachingTask(ForkJoinModel model, CtExpression<?> target, Reach reach) {
        if (!(target.getParent() instanceof CtInvocation<?> call) || call.getTarget() != target
                || reach.entry().taskType() == null) {
            return false;
        }
        for (CtExpression<?> argument : call.getArguments()) {
            // The variable's own type: a cast to ForkJoinTask would make every task a kind of it.
            CtTypeReference<?> submitted = argument instanceof CtVariableRead<?> read && read.getVariable() != null
                    ? read.getVariable().getType() : argument.getType();
            if (submitted != null && !"java.lang.Object".equals(submitted.getQualifiedName())
                    && model.types().isSubtypeOf(reach.entry().taskType().getReference(), submitted.getQualifiedName())
                    && model.types().isForkJoinTask(reach.entry().taskType().getReference())) {
                return true;
            }
        }
        return false;
    }
}
