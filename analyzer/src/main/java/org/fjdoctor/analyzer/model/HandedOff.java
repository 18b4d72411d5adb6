package org.fjdoctor.analyzer.model;

import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.reference.CtTypeReference;

/**
 * A lambda written inside a method but handed to another thread to run: the function of a
 * {@code CompletableFuture.supplyAsync(..)} or any other {@code *Async} step, or a task given to an executor's
 * {@code execute}/{@code submit}. It does not run when the method runs (the method only starts it and goes on),
 * so its calls are not the method's: where it runs on a pool it is an entry of its own, reported there. Followed
 * as part of the method, a common-pool task that only starts another one was blamed for what the other does.
 */
final class HandedOff {

    private static final Set<String> STAGES = Set.of("java.util.concurrent.CompletableFuture",
            "java.util.concurrent.CompletionStage");
    private static final Set<String> EXECUTORS = Set.of("java.util.concurrent.Executor",
            "java.util.concurrent.ExecutorService", "java.util.concurrent.ScheduledExecutorService",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ThreadPoolExecutor",
            "java.util.concurrent.ScheduledThreadPoolExecutor");
    private static final Set<String> SUBMISSIONS = Set.of("execute", "submit");

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

    private static boolean handsOff(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        CtTypeReference<?> receiver = call.getTarget() instanceof CtTypeAccess<?> type ? type.getAccessedType()
                : MethodMatcher.receiverType(call);
        String owner = receiver == null ? "" : receiver.getQualifiedName();
        return name.endsWith("Async") && STAGES.contains(owner) || SUBMISSIONS.contains(name) && EXECUTORS.contains(owner);
    }

    /** Whether {@code call} returns a function (an interface value: a JDK function, or an interface of the project's own or a library's), as a wrapper does. */
    private static boolean returnsFunction(CtInvocation<?> call) {
        CtTypeReference<?> type = call.getExecutable() == null ? null : call.getExecutable().getType();
        if (type == null || !type.isInterface()) {
            return false;
        }
        // the JDK's functions; any interface of the project's own or a library's (a collection or a future is no wrapper)
        String name = type.getQualifiedName();
        return name.startsWith("java.util.function.") || name.equals("java.lang.Runnable")
                || name.equals("java.util.concurrent.Callable")
                || !name.startsWith("java.") && !name.startsWith("javax.") && !name.startsWith("jdk.");
    }
}
