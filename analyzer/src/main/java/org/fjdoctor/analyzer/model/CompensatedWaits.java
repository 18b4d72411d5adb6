package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtInvocation;

/**
 * Waits the JDK itself compensates on a pool worker: {@code join()} and {@code get()} of a
 * {@code CompletableFuture} wait in {@code ForkJoinPool.managedBlock}, so the pool first helps with queued tasks
 * and then starts a spare worker. Such a wait neither idles the pool's parallelism nor stalls the tasks queued
 * behind it, whichever pool runs the code.
 */
public final class CompensatedWaits {

    private CompensatedWaits() {
    }

    /** Whether {@code call} is a wait on a {@code CompletableFuture}. */
    public static boolean byTheJdk(ForkJoinModel model, CtInvocation<?> call) {
        return call.getTarget() != null && call.getTarget().getType() != null
                && model.types().isSubtypeOf(call.getTarget().getType(), "java.util.concurrent.CompletableFuture");
    }
}
