package org.fjdoctor.analyzer.model;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * What {@link Dispatch} resolved each call site to, kept while the answer cannot change: every walk of the call
 * graph (the task graph's, and the common pool's once per entry) asks again of the same calls, and a warm engine's
 * next model after an edit inside one unit's bodies asks again of every call outside it.
 *
 * <p>Only answers that did not read the call path are kept (a function traced back through the path's parameters,
 * or a task's own library code, depends on the entry); one whose trace read no path is kept for its model alone. Each answer notes the files whose elements it holds or read
 * ({@link Resolution#files()}: the call's own, the bound method's, every target's, the class a receiver was
 * narrowed to and the field whose stores narrowed it): an edit of one of them drops it, since that unit's elements
 * are new objects and its stores may say otherwise. What Dispatch reads from every unit's bodies at once (which
 * classes are created, where functions are held: {@link Facts}) is compared as a whole; where it differs after an
 * edit nothing is kept.
 */
final class ResolvedCalls {

    /**
     * The facts of the whole model's bodies that a kept answer may have read.
     *
     * @param instantiated     classes created anywhere (RTA)
     * @param taskInstantiated classes created in or handed to a task
     * @param createdOutside   simple names of classes created outside the model
     * @param heldFunctions    each functional interface's lambdas and references, by file and whether a task holds them
     */
    record Facts(Set<String> instantiated, Set<String> taskInstantiated, Set<String> createdOutside,
                 Map<String, List<String>> heldFunctions) {
    }

    /**
     * One call's answer and what resolving it recorded besides.
     *
     * @param targets  what the call may run
     * @param effects  what resolving it told the dispatcher besides (replayed on every use, as resolving again would)
     * @param files    the files the answer read or holds elements of
     */
    record Resolution(List<CtExecutable<?>> targets, CallEffects effects, Set<Path> files) {
    }

    private final Map<CtAbstractInvocation<?>, Resolution> resolved;
    private Facts facts;
    /** {@link FunctionTargets}' abstract method of each receiver type: declarations alone decide it. */
    private final Map<String, Optional<CtMethod<?>>> singleAbstractMethods;

    ResolvedCalls() {
        this(new IdentityHashMap<>(), null, new HashMap<>());
    }

    private ResolvedCalls(Map<CtAbstractInvocation<?>, Resolution> resolved, Facts facts,
                          Map<String, Optional<CtMethod<?>>> singleAbstractMethods) {
        this.resolved = resolved;
        this.facts = facts;
        this.singleAbstractMethods = singleAbstractMethods;
    }

    /**
     * The one abstract method of each receiver type looked up so far, by its qualified name: kept across body edits,
     * which keep every declaration (the method of a type in the edited unit is the old unit's, whose name and arity
     * are the new one's).
     */
    Map<String, Optional<CtMethod<?>>> singleAbstractMethods() {
        return singleAbstractMethods;
    }

    /** The kept answer for {@code call}, or {@code null}. */
    Resolution get(CtAbstractInvocation<?> call) {
        return resolved.get(call);
    }

    void put(CtAbstractInvocation<?> call, Resolution resolution) {
        resolved.put(call, resolution);
    }

    /**
     * Settles the facts of the model this memo now serves: kept answers stay only where the model's facts are
     * those they were resolved under.
     */
    void settle(Facts now) {
        if (facts != null && !facts.equals(now)) {
            resolved.clear();
        }
        facts = now;
    }

    /**
     * The answers still right after an edit inside the bodies of the file at {@code edited}, for the next model
     * (which {@link #settle}s them against its facts): those that neither hold nor read an element of that file,
     * nor traced a receiver through the whole model's stores and call sites ({@link CallEffects#modelRead()}).
     */
    ResolvedCalls afterBodyEdit(Path edited) {
        Map<CtAbstractInvocation<?>, Resolution> kept = new IdentityHashMap<>();
        resolved.forEach((call, resolution) -> {
            if (!resolution.files().contains(edited) && !resolution.effects().modelRead()) {
                kept.put(call, resolution);
            }
        });
        return new ResolvedCalls(kept, facts, singleAbstractMethods);
    }
}
