package org.fjdoctor.analyzer.model;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;

/**
 * The functions a call of a functional interface's method ({@code action.accept(x)}, {@code proc.apply()},
 * {@code task.run()}) may run: the lambdas, method references and classes that flow to its receiver, when
 * {@link FunctionFlow} follows every value the receiver can hold back to where it was made (a parameter to what
 * each caller passes, a private or final field to what is stored in it, a local to its initializer). Only when
 * some origin is unknown (a call's result, a public field, an API method nobody in the tree calls) does
 * {@link Dispatch} fall back to every implementation the type allows; the call path then says which it did, so
 * a reviewer sees whether an edge is traced or a guess among many. The same holds for an abstract method of
 * an interface or class of the project's own ({@code handler.handleStatement(st)}): the implementations of the
 * objects that flow to the receiver ({@code new C(..)}, {@code this}, what a setter on the path's receiver
 * stored, {@link ReceiverStores}) are what it runs.
 */
final class FunctionTargets {

    /**
     * How one call's targets were found: traced to {@code count} functions (or, for a call that is not of a
     * functional interface's method, implementations of the objects that flow to it), or by type
     * ({@code traced} false). {@code keyed}: traced through a lookup by key in a container of functions, where the key
     * at run time picks which of them runs ({@code handlers.get(type).apply(x)} over a handler registered per type).
     */
    record Narrowing(boolean traced, int count, boolean function, boolean keyed) {

        /**
         * Whether which target runs is decided by a value not followed: the receiver's type alone, or a key looked up
         * among several registered functions.
         */
        boolean guessed() {
            return count >= 2 && (!traced || keyed);
        }

        /** The call path's annotation of the call. */
        String text() {
            if (!traced) {
                return "receiver not traced: one of " + count + " implementations by type";
            }
            return function ? "traced to " + count + (count == 1 ? " function that flows" : " functions that flow")
                    + " to the receiver" : "traced to " + count + (count == 1 ? " implementation" : " implementations")
                    + " of the objects that flow to the receiver";
        }
    }

    private final FunctionFlow flow;
    private final Map<CtInvocation<?>, Narrowing> narrowings = new IdentityHashMap<>();
    /**
     * Each receiver type's one abstract method, looked up once (empty for a type that is no functional interface):
     * only its name and arity are read, which an edit inside bodies keeps, so the map may outlive the model.
     */
    private final Map<String, Optional<CtMethod<?>>> singleAbstractMethods;

    /** @param singleAbstractMethods the receiver types' abstract methods looked up so far, filled as more are */
    FunctionTargets(FunctionFlow flow, Map<String, Optional<CtMethod<?>>> singleAbstractMethods) {
        this.flow = flow;
        this.singleAbstractMethods = singleAbstractMethods;
    }

    /**
     * What {@code call} may run, when it calls the one abstract method of a functional interface, or an abstract
     * method of a type of the project's own ({@code usersType}), traced back to where its receiver's values were
     * made ({@link FunctionFlow.Traced#complete()} when every one was); {@code null} where no trace is tried.
     */
    FunctionFlow.Traced traced(CtInvocation<?> call, CtTypeReference<?> receiver, boolean usersType, Reach reach) {
        if (receiver == null || !usersType && !callsSingleAbstractMethod(call, receiver)) {
            return null;
        }
        return flow.trace(call, reach);
    }

    /**
     * Records how {@code call}'s targets were found, for the call path: {@code traced} (through a lookup by key:
     * {@code keyed}), or by type where a trace was tried ({@code usersType}, or a functional interface's method).
     */
    Narrowing record(CtInvocation<?> call, CtTypeReference<?> receiver, boolean usersType, boolean traced,
                     boolean keyed, int count) {
        boolean function = callsSingleAbstractMethod(call, receiver);
        if ((traced || usersType || function) && count > 0) {
            Narrowing narrowing = new Narrowing(traced, count, function, traced && keyed);
            narrowings.putIfAbsent(call, narrowing);
            return narrowing;
        }
        return null;
    }

    /** Records {@code narrowing}, which {@link #record} gave for {@code call} when its targets were found before. */
    void restore(CtInvocation<?> call, Narrowing narrowing) {
        narrowings.putIfAbsent(call, narrowing);
    }

    Narrowing narrowing(CtInvocation<?> call) {
        return narrowings.get(call);
    }

    /** Whether {@code call} is of the one abstract method of {@code receiver}, a functional interface. */
    private boolean callsSingleAbstractMethod(CtInvocation<?> call, CtTypeReference<?> receiver) {
        if (receiver == null) {
            return false;
        }
        CtMethod<?> single = singleAbstractMethods.computeIfAbsent(receiver.getQualifiedName(),
                k -> Optional.ofNullable(FunctionFlow.singleAbstractMethod(receiver))).orElse(null);
        return single != null && single.getSimpleName().equals(call.getExecutable().getSimpleName())
                && single.getParameters().size() == call.getArguments().size();
    }
}
