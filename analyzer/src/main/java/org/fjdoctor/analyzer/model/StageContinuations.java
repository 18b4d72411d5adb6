package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtExecutable;

/**
 * Plain continuations of a stage the common pool completes: {@code supplyAsync(load).thenAccept(store)} runs
 * {@code store} on the common-pool worker that finishes {@code load}, unless the stage is already complete when
 * the continuation is chained (then on the caller's thread). A future just submitted is normally not complete, so
 * the continuation's function is common-pool code like the {@code *Async} step's own.
 *
 * <p>The stage is followed back along its chain of plain continuations ({@code .thenApply(..).exceptionally(..)}),
 * through the locals that hold it and through the source methods that return it, to an {@code *Async} step that
 * runs in the common pool ({@code CommonPoolCode}'s own test). A stage of an {@code *Async} step given another
 * executor, a {@code completedFuture(..)}, or a future of unknown origin (a parameter, a field, a library call)
 * leaves the continuation where it was: no entry.
 */
final class StageContinuations {

    /** How many source methods that return the future are followed back through ({@code getConnectionAsync()}). */
    private static final int MAX_HELPER_HOPS = 3;

    private final JavaTypes types;
    private final Declarations declarations;
    /** Whether an {@code *Async} step runs its function in the common pool ({@code CommonPoolCode.via}). */
    private final Predicate<CtInvocation<?>> commonPoolStep;

    StageContinuations(JavaTypes types, Declarations declarations, Predicate<CtInvocation<?>> commonPoolStep) {
        this.types = types;
        this.declarations = declarations;
        this.commonPoolStep = commonPoolStep;
    }

    /**
     * Whether {@code call} is a plain continuation whose function argument {@code argument} (or the call that
     * holds it) runs on the common-pool worker that completes the stage it is chained onto. A stage handed as
     * an argument ({@code thenCombine(other, fn)}'s {@code other}) is no function of the call; only the stage
     * chained onto is followed (the function of a two-stage step may also run where the other one completes).
     */
    boolean runsOnCommonPoolWorker(CtInvocation<?> call, CtExpression<?> argument) {
        if (!Apis.STAGE_CONTINUATION.matches(call, types) || call.getTarget() == null
                || argument.getType() != null && types.isSubtypeOf(argument.getType(), "java.util.concurrent.CompletionStage")) {
            return false;
        }
        return completedInCommonPool(call.getTarget(), new int[] {MAX_HELPER_HOPS}, new HashSet<>());
    }

    /**
     * Whether the stage {@code future} is completed by a common-pool worker on some path: one of the values a
     * local holding it may have, one of the values its source method returns.
     */
    private boolean completedInCommonPool(CtExpression<?> future, int[] hops, Set<CtExpression<?>> seen) {
        for (ValueOrigins.Origin origin : ValueOrigins.of(future)) {
            CtExpression<?> value = origin.expression();
            if (origin.through() != null || !seen.add(value) || !(value instanceof CtInvocation<?> call)
                    || call.getExecutable() == null) {
                continue;
            }
            if (commonPoolStep.test(call)) {
                return true;
            }
            if (Apis.STAGE_CONTINUATION.matches(call, types)) {
                // a plain step completes its own stage on the thread that completed the one before it
                if (call.getTarget() != null && completedInCommonPool(call.getTarget(), hops, seen)) {
                    return true;
                }
            } else if (!(call.getExecutable().getSimpleName().endsWith("Async") && Apis.COMPLETION_STAGE.matches(call, types))
                    && returnedByHelper(call, hops, seen)) {
                // (an *Async step that is no common-pool one runs on its executor's threads)
                return true;
            }
        }
        return false;
    }

    /** Whether {@code call} is a source method of the project's own that may return a common-pool stage. */
    private boolean returnedByHelper(CtInvocation<?> call, int[] hops, Set<CtExpression<?>> seen) {
        CtExecutable<?> helper = declarations.executable(call.getExecutable());
        if (helper == null || helper.getBody() == null || CommonPoolCode.isLibraryCode(helper) || hops[0]-- <= 0) {
            return false;
        }
        for (CtExpression<?> value : ValueOrigins.returnedBy(helper)) {
            if (completedInCommonPool(value, hops, seen)) {
                return true;
            }
        }
        return false;
    }
}
