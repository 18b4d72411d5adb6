package org.fjdoctor.analyzer.model;

import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.reference.CtTypeReference;

/**
 * A lambda written inside a method but handed to another thread to run: the function of a
 * {@code CompletableFuture.supplyAsync(..)} or any other {@code *Async} step, a task given to an executor's
 * {@code execute}/{@code submit} or to a {@code ScheduledExecutorService}'s {@code schedule*}, the body of a
 * {@code new Thread(..)}, of a thread a {@code Thread.Builder} or {@code ThreadFactory} makes, or a
 * {@code Cleaner}'s action; also one given to a project's own method that only keeps it in fields that are run
 * only in such hand-offs ({@link KeptForAnotherThread}: a scheduler object of the project's). It does not run when
 * the method runs (the method only starts it and goes on), so its calls are not the method's: where it runs on a
 * pool it is an entry of its own, reported there. Followed as part of the method, a common-pool task that only
 * starts another one was blamed for what the other does, and a task that starts a housekeeping timer for what
 * the timer's thread does.
 */
final class HandedOff {

    private static final Set<String> STAGES = Set.of("java.util.concurrent.CompletableFuture",
            "java.util.concurrent.CompletionStage");
    private static final Set<String> EXECUTORS = Set.of("java.util.concurrent.Executor",
            "java.util.concurrent.ExecutorService", "java.util.concurrent.ScheduledExecutorService",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ThreadPoolExecutor",
            "java.util.concurrent.ScheduledThreadPoolExecutor");
    private static final Set<String> SUBMISSIONS = Set.of("execute", "submit");
    /** A delay or a period: the scheduled function never runs in the call, on a pool or not. */
    private static final Set<String> SCHEDULED_EXECUTORS = Set.of("java.util.concurrent.ScheduledExecutorService",
            "java.util.concurrent.ScheduledThreadPoolExecutor");
    private static final Set<String> SCHEDULES = Set.of("schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay");
    /** Calls that make a thread of its own for the function: {@code Thread.Builder}'s and a thread factory's. */
    private static final Set<String> THREAD_BUILDERS = Set.of("java.lang.Thread.Builder",
            "java.lang.Thread.Builder.OfVirtual", "java.lang.Thread.Builder.OfPlatform");

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
        return toAnotherThread(lambda, 0);
    }

    /** As {@link #toAnotherThread(CtLambda)}, {@code depth} project methods into keeping functions. */
    static boolean toAnotherThread(CtExpression<?> lambda, int depth) {
        CtExpression<?> argument = lambda;
        for (int wrappers = 0; wrappers <= MAX_WRAPPERS; wrappers++) {
            CtExpression<?> handed = argument;
            if (!handed.isParentInitialized() || !(handed.getParent() instanceof CtAbstractInvocation<?> call)
                    || call.getArguments().stream().noneMatch(a -> a == handed)) {
                return false;
            }
            if (handsOff(call) || KeptForAnotherThread.keeps(call, indexOf(call, handed), depth)) {
                return true;
            }
            if (!(call instanceof CtInvocation<?> invocation) || !returnsFunction(invocation)) {
                return false;
            }
            argument = invocation;
        }
        return false;
    }

    private static int indexOf(CtAbstractInvocation<?> call, CtExpression<?> argument) {
        for (int i = 0; i < call.getArguments().size(); i++) {
            if (call.getArguments().get(i) == argument) {
                return i;
            }
        }
        return -1;
    }

    private static boolean handsOff(CtAbstractInvocation<?> any) {
        if (any instanceof CtConstructorCall<?> created) {
            // the thread's own body: a subclass of Thread may run its Runnable anywhere, the JDK's only in run()
            return created.getType() != null && "java.lang.Thread".equals(created.getType().getQualifiedName());
        }
        if (!(any instanceof CtInvocation<?> call) || call.getExecutable() == null) {
            return false;
        }
        String name = call.getExecutable().getSimpleName();
        CtTypeReference<?> receiver = call.getTarget() instanceof CtTypeAccess<?> type ? type.getAccessedType()
                : MethodMatcher.receiverType(call);
        String owner = receiver == null ? "" : receiver.getQualifiedName().replace('$', '.');
        return name.endsWith("Async") && STAGES.contains(owner) || SUBMISSIONS.contains(name) && EXECUTORS.contains(owner)
                || SCHEDULES.contains(name) && SCHEDULED_EXECUTORS.contains(owner)
                || (name.equals("start") || name.equals("unstarted"))
                    && (THREAD_BUILDERS.contains(owner) || madeByThreadBuilder(call.getTarget()))
                || name.equals("startVirtualThread") && owner.equals("java.lang.Thread")
                || name.equals("newThread") && owner.equals("java.util.concurrent.ThreadFactory")
                || name.equals("register") && owner.equals("java.lang.ref.Cleaner");
    }

    /**
     * {@code Thread.ofVirtual()} or {@code Thread.ofPlatform()}, also followed by the builder's settings: the
     * builder's type is unknown where the JDK the scan runs on predates it, its factory calls are not.
     */
    private static boolean madeByThreadBuilder(CtExpression<?> target) {
        for (CtExpression<?> step = target; step instanceof CtInvocation<?> call && call.getExecutable() != null;
                step = call.getTarget()) {
            String name = call.getExecutable().getSimpleName();
            if ((name.equals("ofVirtual") || name.equals("ofPlatform")) && call.getTarget() instanceof CtTypeAccess<?> type
                    && "java.lang.Thread".equals(type.getAccessedType().getQualifiedName())) {
                return true;
            }
            if (call.getExecutable().getDeclaringType() != null
                    && !LibraryBoundary.isLibrary(call.getExecutable().getDeclaringType())) {
                return false;
            }
        }
        return false;
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
