package org.fjdoctor.analyzer.model;

import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtCatch;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;

/**
 * Code that runs only when something went wrong or the program is stopping: a {@code catch} clause, or a
 * method that shuts down, closes or stops, and the methods task code reaches only through a call there. A
 * worker that waits there delays an error report or a shutdown, not the computation, so the synchronization
 * rules report it as a note, not a warning. A lambda handed to {@code exceptionally(..)} is such a path, as a catch
 * clause is; what only such a callback leads to is dropped ({@link #failureOnly}). The call graph walks calls
 * on such paths last ({@link CallGraph}),
 * so a method keeps a path through one only when no other path from task code reaches it: the path then
 * says soundly that the method runs only after a failure or during a shutdown.
 */
public final class ErrorPaths {

    private static final Set<String> STOPPING = Set.of("shutdown", "shutdownNow", "close", "stop", "terminate",
            "dispose", "destroy", "cancel", "abort", "halt", "exit", "kill");

    /** Methods that stop a pool or the program, whose calls the call graph walks last. */
    private static final Set<String> SHUTTING_DOWN = Set.of("shutdown", "shutdownNow", "terminate", "halt", "exit");

    private ErrorPaths() {
    }

    /**
     * The {@code CompletionStage} methods whose function runs only when the stage failed ({@code exceptionally(ex
     * -> ..)}): a failure callback, as a catch clause is. ({@code handle} and {@code whenComplete} run on success too.)
     */
    private static final Set<String> ON_FAILURE = Set.of("exceptionally", "exceptionallyAsync", "exceptionallyCompose",
            "exceptionallyComposeAsync");

    /** Whether {@code element} itself is in a catch clause or a stopping method. */
    public static boolean only(CtElement element) {
        return upToItsExecutable(element, ErrorPaths::catchOrFailure, STOPPING);
    }

    /**
     * Whether {@code element}, reached by {@code reach}, runs only on an error or shutdown path: it is in one
     * itself, or the one path task code reaches its method by goes through a call in one.
     */
    public static boolean only(CtElement element, Reach reach) {
        return only(element) || reach != null && reach.steps().stream().anyMatch(step -> onPath(step.callSite()));
    }

    /**
     * Whether a call leads only to error or shutdown code: in a catch clause, or in a method that stops the
     * pool or the program. Not the per-object names ({@code dispose}, {@code close}, {@code cancel}): a
     * simulation disposes of agents every step, and what that call reaches is the computation's work (gama's
     * quad-tree lock, reached through {@code MinimalAgent.dispose()}).
     */
    static boolean onPath(CtElement call) {
        return upToItsExecutable(call, ErrorPaths::catchOrFailure, SHUTTING_DOWN);
    }

    /**
     * Whether {@code element} runs only in a failure callback ({@code exceptionally(ex -> ..)}) or in what one
     * calls, on {@code reach}'s path: code that runs only when a stage failed. intra-task-sync and
     * centralized-pooling drop what they find only there (every split's labels judged error-path findings, notes
     * included, NEG); catch clauses and shutdowns stay notes ({@link #only}).
     */
    public static boolean failureOnly(CtElement element, Reach reach) {
        return failureHere(element) || reach != null && reach.steps().stream().anyMatch(step -> failureHere(step.callSite()));
    }

    private static boolean failureHere(CtElement element) {
        return upToItsExecutable(element, ErrorPaths::failureCallback, Set.of());
    }

    /**
     * The one walk up the parents of {@code element} to the executable that holds it: whether an element on the
     * way (itself included) passes {@code onTheWay}, or else that executable is a method named in {@code stopping}.
     */
    private static boolean upToItsExecutable(CtElement element, Predicate<CtElement> onTheWay, Set<String> stopping) {
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (onTheWay.test(e)) {
                return true;
            }
            if (e instanceof CtExecutable<?> executable) {
                return executable instanceof CtMethod<?> method && stopping.contains(method.getSimpleName());
            }
        }
        return false;
    }

    private static boolean catchOrFailure(CtElement element) {
        return element instanceof CtCatch || failureCallback(element);
    }

    /** A lambda handed to {@code exceptionally(..)} of a {@code CompletionStage}: it runs only when the stage failed. */
    private static boolean failureCallback(CtElement element) {
        if (!(element instanceof CtLambda<?> lambda) || !(lambda.getParent() instanceof CtInvocation<?> call)
                || call.getExecutable() == null || !ON_FAILURE.contains(call.getExecutable().getSimpleName())
                || call.getArguments().stream().noneMatch(argument -> argument == lambda)) {
            return false;
        }
        CtTypeReference<?> stage = call.getExecutable().getDeclaringType();
        return stage != null && HalfResolved.isSubtypeOf(stage, stage.getFactory().Type()
                .createReference("java.util.concurrent.CompletionStage"));
    }
}
