package org.fjdoctor.analyzer.model;

import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

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

    /** Whether {@code lambda} is an argument of an {@code *Async} completion step or an executor's submission. */
    static boolean toAnotherThread(CtLambda<?> lambda) {
        if (!lambda.isParentInitialized() || !(lambda.getParent() instanceof CtInvocation<?> call)
                || call.getArguments().stream().noneMatch(argument -> argument == lambda)) {
            return false;
        }
        String name = call.getExecutable().getSimpleName();
        CtTypeReference<?> receiver = call.getTarget() instanceof CtTypeAccess<?> type ? type.getAccessedType()
                : MethodMatcher.receiverType(call);
        String owner = receiver == null ? "" : receiver.getQualifiedName();
        return name.endsWith("Async") && STAGES.contains(owner) || SUBMISSIONS.contains(name) && EXECUTORS.contains(owner);
    }
}
