package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.TypeHierarchy;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.factory.Factory;
import spoon.reflect.reference.CtExecutableReference;

/**
 * A method reference to a library method of the API table ({@code list.forEach(mongoTemplate::save)},
 * {@code stream.map(repository::findById)}, {@code paths.parallelStream().map(Files::readAllLines)}): where it is a
 * step that runs in the caller or the common pool, the library call it makes runs there, as the same call would in
 * a lambda. fjdoctor never follows a call into a library, so the reference stands for a lambda of that one call:
 * made once per reference, kept on it, not part of the tree (its parent is the reference, its position the
 * reference's), so the call graph can enter it and the rules find the call as in any lambda. The same for a
 * call that locks its receiver ({@link #locksReceiver}). References to other library methods, and unbound ones
 * ({@code Type::instanceMethod}, whose receiver is each element), stay unfollowed.
 */
final class LibraryReferenceSteps {

    private static final String KEY = "fjdoctor.libraryReferenceStep";
    /** Kept where a reference has no step, so it is asked only once. */
    private static final Object NONE = new Object();

    private LibraryReferenceSteps() {
    }

    /** The lambda standing for the reference's one library call, or {@code null} when the API table lists no effect. */
    static CtLambda<?> of(CtExecutableReferenceExpression<?, ?> reference, TypeHierarchy types) {
        Object kept = reference.getMetadata(KEY);
        if (kept == null) {
            CtLambda<?> step = build(reference, types);
            kept = step == null ? NONE : step;
            reference.putMetadata(KEY, kept);
        }
        return kept == NONE ? null : (CtLambda<?>) kept;
    }

    /** Whether {@code element} belongs to such a lambda: no source text of its own, so no edit may touch it. */
    static boolean isStep(CtElement element) {
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLambda<?> lambda && e.getParent() instanceof CtExecutableReferenceExpression<?, ?> reference
                    && reference.getMetadata(KEY) == lambda) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static CtLambda<?> build(CtExecutableReferenceExpression<?, ?> reference, TypeHierarchy types) {
        if (reference.getExecutable() == null || reference.getTarget() == null || !reference.getPosition().isValidPosition()
                || reference.getExecutable().getSimpleName().equals("<init>")) {
            return null;
        }
        Factory factory = reference.getFactory();
        CtInvocation<Object> call = factory.createInvocation();
        call.setExecutable((CtExecutableReference<Object>) reference.getExecutable().clone());
        call.setTarget(reference.getTarget().clone());
        call.setPosition(reference.getPosition());
        CtLambda<Object> step = factory.createLambda();
        step.setExpression(call);
        step.setPosition(reference.getPosition());
        step.setParent(reference);
        // Type::instanceMethod has a type as its target: the table's instance calls do not match it
        return Apis.effectOf(call, types) != null || locksReceiver(reference, call, types) ? step : null;
    }

    /**
     * {@code vector::add}, {@code buffer::append}, {@code wrapper::add} on a variable set to a
     * {@code Collections.synchronized*} wrapper: the one call locks the receiver, which the lock rules judge as
     * they judge the same call in a lambda.
     */
    private static boolean locksReceiver(CtExecutableReferenceExpression<?, ?> reference, CtInvocation<?> call,
                                         TypeHierarchy types) {
        if (Apis.SELF_LOCKING.matches(call, types)) {
            return true;
        }
        CtVariable<?> variable = reference.getTarget() instanceof CtVariableRead<?> read && read.getVariable() != null
                ? read.getVariable().getDeclaration() : null;
        return variable != null && variable.getDefaultExpression() instanceof CtInvocation<?> made
                && Apis.SYNCHRONIZED_WRAPPER.matches(made, types);
    }
}
