package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtExecutable;

/**
 * Blocking reached through a call whose receiver could not be traced, so that its targets were found by type
 * ({@link ForkJoinModel#guessedOnPath}): which implementation runs is a guess. sleepy-worker and the common-pool lock
 * check drop every such path; here a path stays when every implementation the guess could run blocks too (a plugin
 * or fetcher interface whose implementations all make network or database calls blocks whichever runs), and is
 * dropped when some of them block nowhere (an image processor of which one of four reads a file).
 */
final class GuessedDispatch {

    /** How many calls deep an implementation is followed to a blocking call. */
    private static final int MAX_DEPTH = 8;

    private final ForkJoinModel model;
    private final Set<CtExecutable<?>> blocking;
    private final Map<CtExecutable<?>, Boolean> leads = new IdentityHashMap<>();

    /** {@code blocking}: the methods where a blocking call that holds a common-pool worker was found. */
    GuessedDispatch(ForkJoinModel model, Collection<CtExecutable<?>> blocking) {
        this.model = model;
        this.blocking = Collections.newSetFromMap(new IdentityHashMap<>());
        this.blocking.addAll(blocking);
    }

    /** Whether {@code reach}'s path guesses at a call where some implementation of the guess blocks nowhere. */
    boolean onlyAGuess(Reach reach) {
        if (!model.guessedOnPath(reach)) {
            return false;
        }
        for (Reach step : reach.steps()) {
            if (step.callSite() instanceof CtInvocation<?> call && guessedHere(step)
                    && !model.callTargets(call).stream().allMatch(target -> leadsToBlocking(target, MAX_DEPTH))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the call of {@code step} itself is a guessed one (the path of that one call alone). */
    private boolean guessedHere(Reach step) {
        return model.guessedOnPath(new Reach(step.executable(), step.entry(), 1, 1,
                new Reach(step.caller().executable(), step.entry(), 0, 0, null, null), step.callSite()));
    }

    private boolean leadsToBlocking(CtExecutable<?> method, int depth) {
        if (blocking.contains(method)) {
            return true;
        }
        Boolean known = leads.get(method);
        if (known != null || depth == 0) {
            return known != null && known;
        }
        leads.put(method, false); // a cycle back here finds nothing new
        boolean found = CodeScan.runIn(method, CtInvocation.class).stream()
                .anyMatch(call -> model.callTargets(call).stream().anyMatch(target -> leadsToBlocking(target, depth - 1)));
        leads.put(method, found);
        return found;
    }
}
