package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;

/**
 * A lock or pause in a method that task code reaches only as one of many implementations of one call:
 * class hierarchy dispatch of {@code dataBox.set(..)} over an interface with nine data-box classes reaches
 * each one's lock, while the receiver holds one of them (often the same one every time). Which of them runs
 * is decided by the receiver's class, which fjdoctor cannot tell, and reporting each implementation's lock
 * turns one doubtful call into many findings. Only the method the wide call dispatches to is judged: a lock
 * further down (a cache a pluggable test or score calls into) was audited as real as often as not, and stays
 * reported. Calls narrowed by the receiver's allocation ({@link AllocationSites}) have one target and are never
 * wide; calls on {@code this} are not judged here (a task's own hooks run in every task subclass the program
 * forks).
 */
public final class WideDispatch {

    /** More possible targets than this make a call too wide to vouch for which implementation runs. */
    public static final int MAX_TARGETS = 8;

    private WideDispatch() {
    }

    /** The call that reached {@code reach}'s method as one of more than {@link #MAX_TARGETS} targets, or {@code null}. */
    public static CtInvocation<?> on(ForkJoinModel model, Reach reach) {
        return reach.callSite() instanceof CtInvocation<?> call && call.getTarget() != null
                && !(call.getTarget() instanceof CtThisAccess<?>) && model.callTargets(call).size() > MAX_TARGETS
                ? call : null;
    }
}
