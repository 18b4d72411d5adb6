package org.fjdoctor.analyzer.model;

import java.util.Set;

import spoon.reflect.code.CtCatch;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * Code that runs only when something went wrong or the program is stopping: a {@code catch} clause, or a
 * method that shuts down, closes or stops, and the methods task code reaches only through a call there. A
 * worker that waits there delays an error report or a shutdown, not the computation, so the synchronization
 * rules report it as a note, not a warning. The call graph walks calls on such paths last ({@link CallGraph}),
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

    /** Whether {@code element} itself is in a catch clause or a stopping method. */
    public static boolean only(CtElement element) {
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtCatch) {
                return true;
            }
            if (e instanceof CtExecutable<?> executable) {
                return executable instanceof CtMethod<?> method && STOPPING.contains(method.getSimpleName());
            }
        }
        return false;
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
        for (CtElement e = call; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtCatch) {
                return true;
            }
            if (e instanceof CtExecutable<?> executable) {
                return executable instanceof CtMethod<?> method && SHUTTING_DOWN.contains(method.getSimpleName());
            }
        }
        return false;
    }
}
