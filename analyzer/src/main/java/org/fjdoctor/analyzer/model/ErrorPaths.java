package org.fjdoctor.analyzer.model;

import java.util.Set;

import spoon.reflect.code.CtCatch;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * Code that runs only when something went wrong or the program is stopping: a {@code catch} clause, or a
 * method that shuts down, closes or stops. A worker that waits there delays an error report or a shutdown,
 * not the computation, so the synchronization rules report it as a note, not a warning.
 */
public final class ErrorPaths {

    private static final Set<String> STOPPING = Set.of("shutdown", "shutdownNow", "close", "stop", "terminate",
            "dispose", "destroy", "cancel", "abort", "halt", "exit", "kill");

    private ErrorPaths() {
    }

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
}
