package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A lambda written inside a method but handed to another thread to run: the function of a
 * {@code CompletableFuture.supplyAsync(..)} or any other {@code *Async} step, or a task given to an executor's
 * {@code execute}/{@code submit}. It does not run when the method runs (the method only starts it and goes on),
 * so its calls are not the method's: where it runs on a pool it is an entry of its own, reported there. Followed
 * as part of the method, a common-pool task that only starts another one was blamed for what the other does.
 */
final class HandedOff {

    private HandedOff() {
    }

    /** How many decorating calls may wrap the lambda on its way to the hand-off: {@code runAsync(wrap(() -> ..))}. */
    private static final int MAX_WRAPPERS = 2;

    /**
     * Whether {@code lambda} is an argument of an {@code *Async} completion step or an executor's submission, directly
     * or through calls that wrap it in another function ({@code runAsync(wrap(() -> ..))}, a decorator returning a
     * {@code Runnable}): the wrapper's function runs it where the hand-off runs it, not where the method runs.
     */
    static boolean toAnotherThread(CtLambda<?> lambda) {
        CtExpression<?> argument = lambda;
        for (int wrappers = 0; wrappers <= MAX_WRAPPERS; wrappers++) {
            CtExpression<?> handed = argument;
            if (!handed.isParentInitialized() || !(handed.getParent() instanceof CtInvocation<?> call)
                    || call.getArguments().stream().noneMatch(a -> a == handed)) {
                return false;
            }
            if (handsOff(call)) {
                return true;
            }
            if (!returnsFunction(call)) {
                return false;
            }
            argument = call;
        }
        return false;
    }

    // Exact owners, matched without a model: CodeScan asks this of any lambda, where no type hierarchy is at hand.
    private static boolean handsOff(CtInvocation<?> call) {
        return call.getExecutable().getSimpleName().endsWith("Async") && Apis.JDK_COMPLETION_STAGE.matchesExactly(call)
                || Apis.JDK_EXECUTOR_SUBMISSION.matchesExactly(call);
    }

    /** Whether {@code call} returns a function (an interface value: a JDK function, or an interface of the project's own or a library's), as a wrapper does. */
    private static boolean returnsFunction(CtInvocation<?> call) {
        CtTypeReference<?> type = call.getExecutable() == null ? null : call.getExecutable().getType();
        if (type == null || !type.isInterface()) {
            return false;
        }
        // the JDK's functions; any interface of the project's own or a library's (a collection or a future is no wrapper)
        CtPackageReference pack = type.getPackage();
        return pack != null && Apis.JDK_FUNCTION_PACKAGE.equals(pack.getQualifiedName())
                || Apis.JDK_TASK_FUNCTIONS.contains(type.getQualifiedName()) || !LibraryBoundary.isJdk(type.getQualifiedName());
    }
}
