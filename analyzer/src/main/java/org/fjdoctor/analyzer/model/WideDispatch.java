package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;

/**
 * A call on the way from task code to a lock or a pause that may run any of many implementations, none of
 * which the receiver is known to hold: class hierarchy dispatch over an interface with nine data-box classes
 * reaches each one's lock, while the receiver holds one of them (often the same one every time). What lies
 * below such a call is weak evidence that a worker ever runs it, and reporting each implementation's lock
 * multiplies one doubtful path into many findings. Calls narrowed by the receiver's allocation
 * ({@link AllocationSites}) have one target and are never wide; calls on {@code this} are not judged here (a
 * task's own hooks run in every task subclass the program forks).
 */
public final class WideDispatch {

    /** More possible targets than this make a call too wide to vouch for what it reaches. */
    public static final int MAX_TARGETS = 8;

    private WideDispatch() {
    }

    /** The first call on {@code reach}'s path that may run more than {@link #MAX_TARGETS} methods, or {@code null}. */
    public static CtInvocation<?> on(ForkJoinModel model, Reach reach) {
        for (Reach step : reach.steps()) {
            if (step.callSite() instanceof CtInvocation<?> call && call.getTarget() != null
                    && !(call.getTarget() instanceof CtThisAccess<?>)
                    && model.callTargets(call).size() > MAX_TARGETS) {
                return call;
            }
        }
        return null;
    }
}
