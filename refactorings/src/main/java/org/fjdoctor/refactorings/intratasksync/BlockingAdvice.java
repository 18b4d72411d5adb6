package org.fjdoctor.refactorings.intratasksync;

import spoon.reflect.code.CtInvocation;

/** What to do by hand about a blocking call in task code, by kind of call. */
final class BlockingAdvice {

    private BlockingAdvice() {
    }

    /**
     * {@code Lock.lock()}: a managed block would only cover acquiring the lock, not the critical section
     * after it, and the problem is the shared state the lock guards.
     */
    static boolean isLock(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        return name.equals("lock") || name.equals("lockInterruptibly");
    }

    static String reason(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        if (isLock(call)) {
            return "the lock guards a read-modify-write of shared state; replace it with a LongAdder/atomic or"
                    + " per-task partial results merged at join (by hand).";
        }
        if (name.equals("wait")) {
            return "the task waits for a condition another thread signals; compute or join what it waits for"
                    + " instead, or wrap the wait in ForkJoinPool.managedBlock, by hand.";
        }
        return "the task blocks until another thread acts (" + name + "); if the wait cannot be replaced by"
                + " joining a task, wrap it in ForkJoinPool.managedBlock so the pool can add a spare worker, by hand.";
    }
}
