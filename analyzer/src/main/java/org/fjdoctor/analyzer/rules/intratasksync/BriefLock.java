package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtTry;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * A lock that a task takes at most once and holds only for a few statements: its body has no loop, no lambda,
 * no nested lock and calls no code of the project and nothing the API table says waits, and neither the lock
 * nor any call on the path from the task's {@code compute()} to it sits in a loop. However many tasks share it,
 * each holds it for about as long as a map update, once, so the wait it can cause is bounded by a few such
 * updates per task: worth a note (it is still a lock a reviewer may want to remove), not a warning. A lambda
 * entry does not qualify: a parallel stream runs it once per element, not once per task.
 */
final class BriefLock {

    private BriefLock() {
    }

    static boolean oncePerTask(ForkJoinModel model, Blocking match) {
        Reach path = match.path();
        if (path == null || path.entry() == null || path.entry().executable() instanceof CtLambda<?>) {
            return false;
        }
        CtElement body = body(match);
        if (body == null || !brief(model, body) || match.shape() != Blocking.Shape.SYNCHRONIZED_METHOD && inLoop(match.at())) {
            return false;
        }
        for (Reach step : path.steps()) {
            if (step.callSite() == null || inLoop(step.callSite())) {
                return false;
            }
        }
        return true;
    }

    /** What runs while the lock is held: the method's or block's body, or the {@code try} after {@code lock()}. */
    private static CtElement body(Blocking match) {
        return switch (match.shape()) {
            case SYNCHRONIZED_METHOD -> match.at() instanceof CtMethod<?> method ? method.getBody() : null;
            case SYNCHRONIZED_BLOCK -> match.at() instanceof CtSynchronized block ? block.getBlock() : null;
            case BLOCKING_CALL -> tryAfter(match.at());
            case SYNCHRONIZED_WRAPPER -> null;
        };
    }

    private static CtElement tryAfter(CtElement lock) {
        if (!(lock instanceof CtInvocation<?> call) || call.getExecutable() == null
                || !"lock".equals(call.getExecutable().getSimpleName()) || !(lock.getParent() instanceof CtBlock<?> block)) {
            return null;
        }
        List<CtStatement> statements = block.getStatements();
        int at = statements.indexOf(lock);
        return at >= 0 && at + 1 < statements.size() && statements.get(at + 1) instanceof CtTry t ? t.getBody() : null;
    }

    private static boolean brief(ForkJoinModel model, CtElement body) {
        if (!CodeScan.elementsIn(body, CtLoop.class).isEmpty() || !CodeScan.elementsIn(body, CtLambda.class).isEmpty()
                || !CodeScan.elementsIn(body, CtSynchronized.class).isEmpty()) {
            return false;
        }
        for (CtAbstractInvocation<?> call : CodeScan.elementsIn(body, CtAbstractInvocation.class)) {
            if (call.getExecutable() == null || model.sourceDeclaration(call.getExecutable()) != null
                    || call instanceof CtInvocation<?> invocation && model.libraryEffectOf(invocation) != null) {
                return false;
            }
        }
        return true;
    }

    /**
     * Inside a loop or a lambda of the method that holds it: a lambda may run once per element of whatever it is
     * handed to, so it counts as a loop.
     */
    private static boolean inLoop(CtElement element) {
        for (CtElement e = element.getParent(); e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLoop || e instanceof CtLambda<?>) {
                return true;
            }
            if (e instanceof CtExecutable<?>) {
                return false;
            }
        }
        return false;
    }
}
