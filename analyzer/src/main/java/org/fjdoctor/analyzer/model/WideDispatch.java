package org.fjdoctor.analyzer.model;

import java.util.List;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.ModifierKind;

/**
 * A lock in a method that task code reaches only as one of many implementations of one call, where most of
 * those implementations lock too: class hierarchy dispatch of {@code dataBox.set(..)} over nine data-box
 * classes, seven of which lock their own array, reaches each one's lock, while the receiver holds one of them
 * (often the same one every time). Locking is then the interface's pattern, which implementation runs is
 * decided by the receiver's class, which fjdoctor cannot tell, and a finding for each implementation would
 * turn one doubtful call into many. A wide call whose implementations mostly do not lock (a deserializer's
 * {@code read} over every message class, a completer hook) keeps the few that do reported, and so does a lock
 * further down, in a helper or cache the implementations call: the reviewers judged those real as often as not.
 * Calls narrowed by the receiver's allocation ({@link AllocationSites}) have one target and are never wide; calls
 * on {@code this} are not judged here (a task's own hooks run in every task subclass the program forks).
 */
public final class WideDispatch {

    /** More possible targets than this make a call too wide to vouch for which implementation runs. */
    public static final int MAX_TARGETS = 8;

    private WideDispatch() {
    }

    /**
     * The call that reached {@code reach}'s method as one of more than {@link #MAX_TARGETS} targets, most of
     * which lock, or {@code null}.
     */
    public static CtInvocation<?> on(ForkJoinModel model, Reach reach) {
        if (!(reach.callSite() instanceof CtInvocation<?> call) || call.getTarget() == null
                || call.getTarget() instanceof CtThisAccess<?>) {
            return null;
        }
        List<CtExecutable<?>> targets = model.callTargets(call);
        if (targets.size() <= MAX_TARGETS) {
            return null;
        }
        long locking = targets.stream().filter(WideDispatch::locks).count();
        return 2 * locking > targets.size() ? call : null;
    }

    /** A synchronized method, or a body that takes a monitor or calls {@code lock()} itself. */
    private static boolean locks(CtExecutable<?> target) {
        if (target instanceof CtMethod<?> method && method.hasModifier(ModifierKind.SYNCHRONIZED)) {
            return true;
        }
        return target.getBody() != null && (!CodeScan.elementsIn(target.getBody(), CtSynchronized.class).isEmpty()
                || CodeScan.elementsIn(target.getBody(), CtInvocation.class).stream()
                        .anyMatch(call -> call.getExecutable() != null && "lock".equals(call.getExecutable().getSimpleName())));
    }
}
