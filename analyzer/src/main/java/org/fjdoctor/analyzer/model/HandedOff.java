package org.fjdoctor.analyzer.model;

import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A lambda written inside a method but handed to another thread to run: the function of a
 * {@code CompletableFuture.supplyAsync(..)} or any other {@code *Async} step, a task given to an executor's
 * {@code execute}/{@code submit} or to a {@code ScheduledExecutorService}'s {@code schedule*}, the body of a
 * {@code new Thread(..)}, of a thread a {@code Thread.Builder} or {@code ThreadFactory} makes, or a
 * {@code Cleaner}'s action, or a GUI toolkit's {@code invokeLater}/{@code runLater} to its event thread; also one given to a project's own method that only keeps it in fields that are run
 * only in such hand-offs ({@link KeptForAnotherThread}: a scheduler object of the project's). It does not run when
 * the method runs (the method only starts it and goes on), so its calls are not the method's: where it runs on a
 * pool it is an entry of its own, reported there. Followed as part of the method, a common-pool task that only
 * starts another one was blamed for what the other does, and a task that starts a housekeeping timer for what
 * the timer's thread does.
 */
final class HandedOff {

    /** {@link Apis#JDK_THREAD_BUILDER_START}'s names, for a chain whose builder type does not resolve (a JDK before 21). */
    private static final Set<String> BUILDER_STARTS = Set.of("start", "unstarted");
    /** {@link Apis#JDK_THREAD_BUILDER}'s names, for the same case. */
    private static final Set<String> BUILDER_HEADS = Set.of("ofVirtual", "ofPlatform");

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
            if (!handed.isParentInitialized() || !(handed.getParent() instanceof CtAbstractInvocation<?> call)) {
                return false;
            }
            int index = CodeScan.identityIndex(call.getArguments(), handed);
            if (index < 0) {
                return false;
            }
            if (handsOff(call) || KeptForAnotherThread.keeps(call, index, depth)) {
                return true;
            }
            if (!(call instanceof CtInvocation<?> invocation) || !returnsFunction(invocation)) {
                return false;
            }
            argument = invocation;
        }
        return false;
    }

    // Exact owners, matched without a model: CodeScan asks this of any lambda, where no type hierarchy is at hand.
    private static boolean handsOff(CtAbstractInvocation<?> any) {
        if (any instanceof CtConstructorCall<?> created) {
            // the thread's own body: a subclass of Thread may run its Runnable anywhere, the JDK's only in run()
            return created.getType() != null && Apis.JDK_THREAD.equals(created.getType().getQualifiedName());
        }
        if (!(any instanceof CtInvocation<?> call) || call.getExecutable() == null) {
            return false;
        }
        return call.getExecutable().getSimpleName().endsWith("Async") && Apis.JDK_COMPLETION_STAGE.matchesExactly(call)
                || Apis.JDK_EXECUTOR_SUBMISSION.matchesExactly(call) || Apis.JDK_SCHEDULE.matchesExactly(call)
                || Apis.JDK_OWN_THREAD.matchesExactly(call) || Apis.JDK_THREAD_BUILDER_START.matchesExactly(call)
                || Apis.GUI_EVENT_THREAD_HANDOFF.matchesExactly(call)
                || BUILDER_STARTS.contains(call.getExecutable().getSimpleName()) && madeByThreadBuilder(call.getTarget());
    }

    /**
     * {@code Thread.ofVirtual()} or {@code Thread.ofPlatform()}, also followed by the builder's settings: the
     * builder's type is unknown where the JDK the scan runs on predates it, its factory calls are not.
     */
    private static boolean madeByThreadBuilder(CtExpression<?> target) {
        for (CtExpression<?> step = target; step instanceof CtInvocation<?> call && call.getExecutable() != null;
                step = call.getTarget()) {
            if (Apis.JDK_THREAD_BUILDER.matchesExactly(call) || isBuilderHeadByName(call)) {
                return true;
            }
            if (call.getExecutable().getDeclaringType() != null
                    && !LibraryBoundary.isLibrary(call.getExecutable().getDeclaringType())) {
                return false;
            }
        }
        return false;
    }

    /**
     * {@code Thread.ofVirtual()}/{@code ofPlatform()} on a JDK before 21, where the call binds to nothing a matcher
     * can read: by its names, on the written receiver {@code Thread}.
     */
    private static boolean isBuilderHeadByName(CtInvocation<?> call) {
        return BUILDER_HEADS.contains(call.getExecutable().getSimpleName()) && call.getTarget() instanceof CtTypeAccess<?> type
                && type.getAccessedType() != null && Apis.JDK_THREAD.equals(type.getAccessedType().getQualifiedName());
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
