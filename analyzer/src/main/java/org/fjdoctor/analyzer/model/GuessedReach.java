package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * The methods task code reaches only by guessing: every walked path from a task entry to them passes a call
 * whose receiver could not be traced to where its value was made, so that dispatch fell back to every
 * implementation its type allows ("receiver not traced: one of N implementations by type", N of two or more).
 * Which implementation such a call runs is decided by an object fjdoctor did not follow; on the tuning splits,
 * four in five of the lock and pause findings reached only that way were judged wrong (paths the program never
 * takes: a handler that is never installed, a class never built for that receiver), so the rules that judge a
 * lock or a pause by where task code reaches it ask this first. One exact path is enough to keep a method.
 * <p>
 * Over the common pool's graph the question is asked per entry ({@code byEntry}): blocking-in-common-pool
 * reports each submission site, so a call one function reaches exactly and another only by a guess counts for
 * the first alone.
 */
final class GuessedReach {

    private final Map<CtExecutable<?>, List<WalkedCall>> calls;
    private final Predicate<CtElement> guessed;
    private final boolean byEntry;
    private Set<CtExecutable<?>> exact;
    /** The methods each caller reaches by calls that are no guess. */
    private Map<CtExecutable<?>, List<CtExecutable<?>>> exactCallees;
    private final Map<CtExecutable<?>, Set<CtExecutable<?>>> exactFrom = new IdentityHashMap<>();

    /**
     * @param calls   every walked call into each method, with its caller ({@code null} at a task entry)
     * @param guessed whether a call site's targets were found by type after its receiver could not be traced
     * @param byEntry whether a method counts as exact only when the reach's own entry reaches it exactly
     */
    GuessedReach(Map<CtExecutable<?>, List<WalkedCall>> calls, Predicate<CtElement> guessed, boolean byEntry) {
        this.calls = calls;
        this.guessed = guessed;
        this.byEntry = byEntry;
    }

    boolean onlyGuessed(Reach reach) {
        CtExecutable<?> executable = reach.executable();
        if (!calls.containsKey(executable)) {
            return false; // a path the graph's edges do not hold: judged by nothing here
        }
        if (byEntry) {
            return !exactFrom.computeIfAbsent(reach.entry().executable(), this::reachedExactlyFrom).contains(executable);
        }
        if (exact == null) {
            exact = WalkedCall.reachedAlong(calls, (call, method) -> call.entry() || !guessed.test(call.site()));
        }
        return !exact.contains(executable);
    }

    private Set<CtExecutable<?>> reachedExactlyFrom(CtExecutable<?> entry) {
        if (exactCallees == null) {
            exactCallees = new IdentityHashMap<>();
            calls.forEach((method, into) -> into.stream().filter(call -> !call.entry() && !guessed.test(call.site()))
                    .forEach(call -> exactCallees.computeIfAbsent(call.caller(), k -> new ArrayList<>()).add(method)));
        }
        Set<CtExecutable<?>> reached = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<CtExecutable<?>> queue = new ArrayDeque<>(List.of(entry));
        reached.add(entry);
        while (!queue.isEmpty()) {
            for (CtExecutable<?> callee : exactCallees.getOrDefault(queue.poll(), List.of())) {
                if (reached.add(callee)) {
                    queue.add(callee);
                }
            }
        }
        return reached;
    }
}
