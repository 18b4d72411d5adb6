package org.fjdoctor.analyzer.model;

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
 */
final class GuessedReach {

    private final Map<CtExecutable<?>, List<WalkedCall>> calls;
    private final Predicate<CtElement> guessed;
    private Set<CtExecutable<?>> exact;

    /**
     * @param calls   every walked call into each method, with its caller ({@code null} at a task entry)
     * @param guessed whether a call site's targets were found by type after its receiver could not be traced
     */
    GuessedReach(Map<CtExecutable<?>, List<WalkedCall>> calls, Predicate<CtElement> guessed) {
        this.calls = calls;
        this.guessed = guessed;
    }

    boolean onlyGuessed(CtExecutable<?> executable) {
        if (exact == null) {
            exact = WalkedCall.reachedAlong(calls, (call, method) -> call.entry() || !guessed.test(call.site()));
        }
        return calls.containsKey(executable) && !exact.contains(executable);
    }
}
