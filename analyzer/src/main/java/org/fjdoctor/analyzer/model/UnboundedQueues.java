package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * Blocking queues that are never full, so that {@code put} (and {@code offer} with a timeout) into them returns at
 * once: a {@code LinkedTransferQueue}, {@code PriorityBlockingQueue} or {@code DelayQueue} always, and a
 * {@code LinkedBlockingQueue} or {@code LinkedBlockingDeque} made without a capacity. Only a wait a real program
 * can reach is a finding; a poison pill put into an unbounded result queue was one a blind reviewer rejected.
 */
public final class UnboundedQueues {

    /** Queue classes that have no capacity at all. */
    private static final Set<String> ALWAYS_UNBOUNDED = Set.of("java.util.concurrent.LinkedTransferQueue",
            "java.util.concurrent.PriorityBlockingQueue", "java.util.concurrent.DelayQueue");
    /** Queue classes bounded only when made with an {@code int} capacity. */
    private static final Set<String> UNBOUNDED_WITHOUT_CAPACITY = Set.of("java.util.concurrent.LinkedBlockingQueue",
            "java.util.concurrent.LinkedBlockingDeque");

    private UnboundedQueues() {
    }

    /**
     * Whether the queue {@code put}'s receiver holds is never full: its static type has no capacity, or every value
     * stored in the local or private/final field it reads is such a queue made in the sources, followed through a
     * parameter of a private or static method to the arguments of every call of it in the sources.
     */
    public static boolean neverFull(ForkJoinModel model, CtInvocation<?> put) {
        return put.getTarget() != null && neverFull(model, put.getTarget(), 2);
    }

    private static boolean neverFull(ForkJoinModel model, CtExpression<?> queue, int hops) {
        if (alwaysUnbounded(queue.getType())) {
            return true;
        }
        if (queue instanceof CtConstructorCall<?> created) {
            return created.getType() != null && (alwaysUnbounded(created.getType())
                    || UNBOUNDED_WITHOUT_CAPACITY.contains(created.getType().getQualifiedName())
                    && created.getArguments().stream().noneMatch(UnboundedQueues::isInt));
        }
        if (queue instanceof CtVariableRead<?> read && read.getVariable() != null
                && read.getVariable().getDeclaration() instanceof CtParameter<?> parameter) {
            return hops > 0 && arguments(model, parameter, hops);
        }
        List<CtExpression<?>> values = model.allocationSites().valuesStoredIn(queue);
        return values != null && values.stream().allMatch(value -> neverFull(model, value, hops));
    }

    /** Every source call of the parameter's method passes a queue that is never full (one call at least). */
    private static boolean arguments(ForkJoinModel model, CtParameter<?> parameter, int hops) {
        CtExecutable<?> method = parameter.getParent();
        if (!(method instanceof CtMethod<?> declared) || !(declared.hasModifier(ModifierKind.PRIVATE)
                || declared.hasModifier(ModifierKind.STATIC) || declared.hasModifier(ModifierKind.FINAL))) {
            return false; // an overridable method may be called through its supertype with any queue
        }
        int index = method.getParameters().indexOf(parameter);
        boolean called = false;
        for (CtInvocation<?> call : model.invocations()) {
            if (call.getExecutable() == null || !call.getExecutable().getSimpleName().equals(method.getSimpleName())
                    || model.sourceDeclaration(call.getExecutable()) != method) {
                continue;
            }
            if (call.getArguments().size() <= index || !neverFull(model, call.getArguments().get(index), hops - 1)) {
                return false;
            }
            called = true;
        }
        return called;
    }

    private static boolean alwaysUnbounded(CtTypeReference<?> type) {
        return type != null && ALWAYS_UNBOUNDED.contains(type.getQualifiedName());
    }

    private static boolean isInt(CtExpression<?> argument) {
        CtTypeReference<?> type = argument.getType();
        return type == null || type.isPrimitive() || "java.lang.Integer".equals(type.getQualifiedName());
    }
}
