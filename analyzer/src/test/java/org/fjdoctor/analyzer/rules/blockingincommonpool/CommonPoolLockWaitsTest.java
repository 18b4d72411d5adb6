package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Whether a {@code Lock.lock()} in common-pool code costs parallelism is intra-task-sync's judgement: in the
 * copies of a parallel stream only a lock that is one object for every copy does, and that is its finding. A read
 * lock whose write lock no task code takes waits only for a writer on another thread, in a single {@code *Async}
 * call too. A write lock there, or a latch, is still a wait that holds a common-pool worker.
 */
class CommonPoolLockWaitsTest {

    private static final String REGISTRY = """
            package p;

            import java.util.HashMap;
            import java.util.List;
            import java.util.Map;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.CountDownLatch;
            import java.util.concurrent.locks.ReentrantLock;
            import java.util.concurrent.locks.ReentrantReadWriteLock;

            class Registry {
                private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
                private final Map<String, String> names = new HashMap<>();
                private final CountDownLatch ready = new CountDownLatch(1);

                static final class Client {
                    private final ReentrantLock sending = new ReentrantLock();

                    void send(String message) {
                        sending.lock();
                        try {
                            message.length();
                        } finally {
                            sending.unlock();
                        }
                    }
                }

                String name(String id) {
                    lock.readLock().lock();
                    try {
                        return names.get(id);
                    } finally {
                        lock.readLock().unlock();
                    }
                }

                void rename(String id, String name) {
                    lock.writeLock().lock();
                    try {
                        names.put(id, name);
                    } finally {
                        lock.writeLock().unlock();
                    }
                }

                void broadcast(List<Client> clients, String message) {
                    clients.parallelStream().forEach(client -> client.send(name(message)));
                }

                CompletableFuture<String> lookUp(String id) {
                    return CompletableFuture.supplyAsync(() -> name(id));
                }

                CompletableFuture<Void> renameLater(String id, String name) {
                    return CompletableFuture.runAsync(() -> rename(id, name)); // expect: blocking-in-common-pool "Lock.lock"
                }

                CompletableFuture<String> whenReady(String id) {
                    return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "CountDownLatch.await"
                        try {
                            ready.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return name(id);
                    });
                }
            }
            """;

    @Test
    void readLocksAndEachCopysOwnLockAreNotWaitsOfTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Registry.java", REGISTRY).check();
    }
}
