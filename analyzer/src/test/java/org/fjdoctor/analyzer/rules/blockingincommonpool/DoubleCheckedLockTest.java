package org.fjdoctor.analyzer.rules.blockingincommonpool;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A lock that a parallel stream reaches only after a lock-free check failed, and that repeats the same check
 * first under the lock ({@code if (known(t)) return; lock; try { if (known(t)) return; add(t); }}), is taken
 * once per new key, not once per element: once the schema knows a type no worker waits there. Without the
 * check repeated under the lock, or without the lock-free check before it, the lock is taken on every call.
 */
class DoubleCheckedLockTest {

    private static final String SCHEMA = """
            package p;

            import java.util.Set;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.concurrent.locks.ReentrantReadWriteLock;

            class Schema {
                private final Set<String> types = ConcurrentHashMap.newKeySet();
                private final ReentrantReadWriteLock resize = new ReentrantReadWriteLock();

                void add(String type) {
                    if (types.contains(type)) {
                        return;
                    }
                    resize.writeLock().lock();
                    try {
                        if (types.contains(type)) {
                            return;
                        }
                        types.add(type);
                    } finally {
                        resize.writeLock().unlock();
                    }
                }

                void addClosing(String type) {
                    if (types.contains(type)) {
                        return;
                    }
                    try (AutoCloseable held = lockWrite()) {
                        if (types.contains(type)) {
                            return;
                        }
                        types.add(type);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }

                void addUnchecked(String type) {
                    if (types.contains(type)) {
                        return;
                    }
                    resize.writeLock().lock();
                    try {
                        types.add(type);
                    } finally {
                        resize.writeLock().unlock();
                    }
                }

                private AutoCloseable lockWrite() {
                    resize.writeLock().lock();
                    return () -> resize.writeLock().unlock();
                }
            }
            """;

    @Test
    void aLockBehindARepeatedLockFreeCheckDoesNotHoldTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Schema.java", SCHEMA).source("p/Rows.java", """
                package p;

                import java.util.List;

                class Rows {
                    long tag(List<String> rows, Schema schema) {
                        return rows.parallelStream().map(r -> {
                            schema.add(r);
                            return r;
                        }).count();
                    }

                    long tagClosing(List<String> rows, Schema schema) {
                        return rows.parallelStream().map(r -> {
                            schema.addClosing(r);
                            return r;
                        }).count();
                    }

                    long tagUnchecked(List<String> rows, Schema schema) {
                        // a lock in the copies of a parallel stream is intra-task-sync's to judge (below)
                        return rows.parallelStream().map(r -> {
                            schema.addUnchecked(r);
                            return r;
                        }).count();
                    }
                }
                """).check();
    }
    @Test
    void theCopiesSharedWriteLockIsIntraTaskSyncs() {
        // taken on every call, with no lock-free check before it: the copies wait for each other
        String always = SCHEMA.replace("    private AutoCloseable lockWrite() {", """
                    void addAlways(String type) {
                        resize.writeLock().lock(); // expect: intra-task-sync "Lock.lock"
                        try {
                            types.add(type);
                        } finally {
                            resize.writeLock().unlock();
                        }
                    }

                    private AutoCloseable lockWrite() {""");
        assertNotEquals(SCHEMA, always);
        RuleTester.of(IntraTaskSyncRule.class).source("p/Schema.java", always).source("p/Rows.java", """
                package p;

                import java.util.List;

                class Rows {
                    long tag(List<String> rows, Schema schema) {
                        return rows.parallelStream().map(r -> {
                            schema.add(r);
                            schema.addUnchecked(r);
                            schema.addAlways(r);
                            return r;
                        }).count();
                    }
                }
                """).check();
    }

    /** Channels opened once per address behind a lookup miss; {@code recheck} false opens without looking again. */
    private static String channels(boolean recheck, String marker) {
        return """
                package p;

                import java.util.List;
                import java.util.Map;
                import java.util.concurrent.ConcurrentHashMap;
                import java.util.concurrent.CountDownLatch;

                class Channels {
                    private final Map<String, Object> open = new ConcurrentHashMap<>();

                    Object get(String address) {
                        Object channel;
                        if ((channel = open.get(address)) == null) {
                            synchronized (open) {
                                RECHECK {
                                    CountDownLatch ready = new CountDownLatch(1);
                                    new Thread(ready::countDown).start();
                                    try {
                                        ready.await();
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                    open.put(address, channel = new Object());
                                }
                            }
                        }
                        return channel;
                    }

                    long send(List<String> addresses) {
                        return addresses.parallelStream().map(a -> get(a)).count(); MARKER
                    }
                }
                """.replace("RECHECK", recheck ? "if ((channel = open.get(address)) == null)" : "")
                .replace("MARKER", marker);
    }

    @Test
    void aWaitInsideALockTakenOnALookupMissThatLooksAgainDoesNotHoldTheCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Channels.java", channels(true, "")).check();
    }

    @Test
    void theSameWaitWithoutTheSecondLookStaysAFinding() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Channels.java",
                channels(false, "// expect: blocking-in-common-pool \"CountDownLatch.await\"")).check();
    }
}
