package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.JavaTypes;

import spoon.reflect.code.CtInvocation;

/** JDK calls that block the calling thread until another thread acts. */
final class BlockingCalls {

    private record Blocking(String owner, Set<String> methods, String label) {
    }

    private static final List<Blocking> CATALOG = List.of(
            new Blocking("java.util.concurrent.locks.Lock", Set.of("lock", "lockInterruptibly"), "Lock.lock"),
            new Blocking("java.util.concurrent.locks.Condition",
                    Set.of("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"), "Condition.await"),
            new Blocking("java.util.concurrent.CountDownLatch", Set.of("await"), "CountDownLatch.await"),
            new Blocking("java.util.concurrent.CyclicBarrier", Set.of("await"), "CyclicBarrier.await"),
            new Blocking("java.util.concurrent.Phaser",
                    Set.of("arriveAndAwaitAdvance", "awaitAdvance", "awaitAdvanceInterruptibly"), "Phaser wait"),
            new Blocking("java.util.concurrent.Semaphore", Set.of("acquire", "acquireUninterruptibly"), "Semaphore.acquire"),
            new Blocking("java.util.concurrent.BlockingQueue", Set.of("take", "put"), "BlockingQueue.take/put"),
            new Blocking("java.util.concurrent.Exchanger", Set.of("exchange"), "Exchanger.exchange"),
            new Blocking("java.lang.Thread", Set.of("join"), "Thread.join"),
            new Blocking("java.lang.Object", Set.of("wait"), "Object.wait"));

    private BlockingCalls() {
    }

    /** How reports name the blocking call, or {@code null} if it does not block. */
    static String describe(ForkJoinApi api, JavaTypes types, CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        for (Blocking blocking : CATALOG) {
            if (blocking.methods().contains(name) && api.isCall(call, blocking.owner(), name)) {
                return blocking.label();
            }
        }
        // Future.get blocks, except on a ForkJoinTask, where it is a join (the copy-on-join rule's business).
        if (name.equals("get") && api.isCall(call, "java.util.concurrent.Future", "get")
                && !types.isForkJoinTask(api.receiverType(call))) {
            return "Future.get";
        }
        if (name.equals("join") && api.isCall(call, "java.util.concurrent.CompletableFuture", "join")) {
            return "CompletableFuture.join";
        }
        return null;
    }
}
