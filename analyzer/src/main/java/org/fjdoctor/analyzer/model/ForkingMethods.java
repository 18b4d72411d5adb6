package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * The methods of task classes, besides their entries, that fork a task: {@code fork()} pushes onto the calling
 * worker's deque, so they run on a worker whoever calls them, even code the analyzer cannot see (GPars'
 * {@code forkOffChild(..)}, called from Groovy closures).
 */
final class ForkingMethods {

    private ForkingMethods() {
    }

    static List<TaskEntry> of(List<CtClass<?>> taskClasses, ForkJoinApi api, JavaTypes types, Declarations declarations) {
        List<TaskEntry> out = new ArrayList<>();
        for (CtClass<?> type : taskClasses) {
            for (CtMethod<?> method : type.getMethods()) {
                if (!api.isEntryMethod(type, method) && !method.isStatic() && forks(method, true, api, types, declarations)) {
                    out.add(new TaskEntry(method, type, ForkJoinModel.label(method), types.frameworkOf(type.getReference())));
                }
            }
        }
        return out;
    }

    /** Whether {@code method}'s body forks a task, itself or (one call deep) through a method of a task class. */
    private static boolean forks(CtExecutable<?> method, boolean followCalls, ForkJoinApi api, JavaTypes types,
                                 Declarations declarations) {
        if (method.getBody() == null) {
            return false;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(method.getBody(), CtInvocation.class)) {
            if (api.isFork(call)) {
                return true;
            }
            CtExecutable<?> callee = followCalls ? declarations.executable(call.getExecutable()) : null;
            if (callee != null && callee != method && types.isInTaskClass(callee)
                    && forks(callee, false, api, types, declarations)) {
                return true;
            }
        }
        return false;
    }
}
