package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtExecutableReference;

/**
 * The call graph from task code (and, separately, from code in the common pool): breadth first from the
 * entries over what {@link Dispatch} says each call may run, so each method keeps a shortest call path,
 * up to {@code --depth} calls. It remembers what every call it walked may run, and which calls into the
 * project's own code it could not resolve (a focused model needs those files).
 */
final class CallGraph {

    private final Dispatch dispatch;
    private final ForkJoinModel model;
    private final int maxDepth;
    private final Map<CtAbstractInvocation<?>, List<CtExecutable<?>>> targets = new IdentityHashMap<>();
    private final Map<CtExecutableReference<?>, Boolean> unresolved = new IdentityHashMap<>();

    CallGraph(Dispatch dispatch, ForkJoinModel model, int maxDepth) {
        this.dispatch = dispatch;
        this.model = model;
        this.maxDepth = maxDepth;
    }

    /** Adds to {@code into} every method reached from {@code from} that it does not hold yet. */
    void walk(List<TaskEntry> from, Map<CtExecutable<?>, Reach> into) {
        Deque<Reach> queue = new ArrayDeque<>();
        for (TaskEntry entry : from) {
            if (!into.containsKey(entry.executable())) {
                Reach reach = new Reach(entry.executable(), entry, 0, null, null);
                into.put(entry.executable(), reach);
                queue.add(reach);
            }
        }
        while (!queue.isEmpty()) {
            Reach reach = queue.poll();
            for (CtAbstractInvocation<?> call : CodeScan.elementsIn(reach.executable(), CtAbstractInvocation.class)) {
                List<CtExecutable<?>> called = dispatch.targets(call, model, reach);
                targets.putIfAbsent(call, called);
                if (called.isEmpty()) {
                    CtExecutableReference<?> executable = call.getExecutable();
                    if (executable != null && !LibraryBoundary.isLibrary(executable.getDeclaringType())) {
                        unresolved.put(executable, Boolean.TRUE);
                    }
                }
                List<CtExecutable<?>> reached = new ArrayList<>(ElementSources.functionsRunBy(call));
                reached.addAll(called);
                for (CtExecutable<?> target : reached) {
                    enter(target, reach, call, into, queue);
                }
                // The reference is the call site: a synchronized method named by this::m runs on this.
                for (CtExecutableReferenceExpression<?, ?> reference : Dispatch.referencesRunInCaller(call)) {
                    CtExecutable<?> target = dispatch.referenced(reference, model);
                    if (target != null) {
                        enter(target, reach, reference, into, queue);
                    }
                }
            }
        }
    }

    private void enter(CtExecutable<?> target, Reach from, CtElement site, Map<CtExecutable<?>, Reach> into,
                       Deque<Reach> queue) {
        if (from.depth() < maxDepth && !into.containsKey(target)) {
            Reach next = new Reach(target, from.entry(), from.depth() + 1, from, site);
            into.put(target, next);
            queue.add(next);
        }
    }

    /** What a walked call may run; empty for calls the walk did not reach. */
    List<CtExecutable<?>> targets(CtAbstractInvocation<?> call) {
        return targets.getOrDefault(call, List.of());
    }

    Set<CtExecutableReference<?>> unresolvedCalls() {
        return Collections.unmodifiableSet(unresolved.keySet());
    }

    Map<String, DispatchedType> dispatchedTypes() {
        return Collections.unmodifiableMap(dispatch.receivers());
    }

    Set<String> flowSearchedNames() {
        return Collections.unmodifiableSet(dispatch.flowSearchedNames());
    }
}
